// Moving an embedded install to PostgreSQL (docs/decisions/0010-backups-and-moving-to-postgres.md): every
// table of the PGlite folder copied into an empty PostgreSQL database in one transaction, ids kept, then
// each table's row count and checksum compared on both sides before the transaction commits. A mismatch
// rolls it back, so the target ends either with every row or with none.
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { OperatorError, refuseWhileInUse, refuseWithoutDatabase } from "./backup.js";
import { createDatabase, type Database, type DatabaseHandle, type DbExecutor, migrateDatabase } from "./client.js";
import {
  compareSums,
  formatComparison,
  pinRowText,
  queryRows,
  type SumComparison,
  tableSums,
  TABLES_KEPT_BY_TRIGGERS,
  tablesInCopyOrder,
} from "./tables.js";

/** Rows per INSERT, and a cap on the JSON text one INSERT carries. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

export interface MoveResult {
  comparison: SumComparison[];
  report: string;
  rows: number;
}

export async function moveToPostgres(options: {
  dataDir: string;
  url: string;
  log?: (line: string) => void;
}): Promise<MoveResult> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  refuseWhileInUse(dataDir, "move");
  refuseWithoutDatabase(dataDir);
  if (!/^postgres(ql)?:\/\//.test(options.url)) {
    throw new OperatorError("--to must be a PostgreSQL URL: postgres://user:password@host:5432/database");
  }
  const target = await openTarget(options.url);
  let source: DatabaseHandle | undefined;
  try {
    // The source is brought to the current migrations, as the server does at start, so both sides have
    // the same tables and columns.
    source = await createDatabase({ dataDir });
    const tables = await tablesInCopyOrder(source.db);
    await refuseUnlessEmpty(target.db, tables);
    log(`Migrating ${redact(options.url)}...`);
    await migrateDatabase(target);
    const targetTables = await tablesInCopyOrder(target.db);
    if ([...tables].sort().join() !== [...targetTables].sort().join()) {
      throw new OperatorError(
        "The target's tables differ from the embedded database's after migrating; nothing was copied.",
      );
    }
    const sourceSums = await tableSums(source.db, tables);
    const from = source.db;
    let comparison: SumComparison[] = [];
    await target.db.transaction(async (tx) => {
      await pinRowText(tx);
      log(`Copying ${tables.length} tables in one transaction...`);
      for (const table of tables) {
        if (!TABLES_KEPT_BY_TRIGGERS.includes(table)) await copyTable(from, tx, table);
      }
      await copySequences(from, tx);
      comparison = compareSums(sourceSums, await tableSums(tx, tables));
      if (comparison.some((c) => !c.same)) {
        throw new OperatorError(
          `The copy differs from the embedded database; nothing was kept in the target:\n${formatComparison(comparison, ["embedded", "postgres"])}`,
        );
      }
    });
    return {
      comparison,
      report: formatComparison(comparison, ["embedded", "postgres"]),
      rows: sourceSums.reduce((n, s) => n + s.rows, 0),
    };
  } finally {
    await source?.close();
    await target.close();
  }
}

async function openTarget(url: string): Promise<DatabaseHandle> {
  const target = await createDatabase({ url, migrate: false, maxConnections: 2 });
  try {
    await target.ping();
  } catch (error) {
    await target.close().catch(() => {});
    throw new OperatorError(`Cannot reach ${redact(url)}: ${(error as Error).message}`);
  }
  return target;
}

/**
 * The target must hold no rows in any table (the migration bookkeeping aside), and no table of its own
 * beside ours in `public`, so the move never mixes two sets of data. Checked before migrating, so a
 * refusal leaves the target untouched.
 */
async function refuseUnlessEmpty(db: Database, ours: string[]): Promise<void> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select n.nspname::text as schema, c.relname::text as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
          and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
        order by 1, 2`,
  );
  const withRows: string[] = [];
  for (const t of tables) {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(t.schema)}.${sql.identifier(t.name)}) as any`,
    );
    if (row?.any) withRows.push(t.schema === "public" ? t.name : `${t.schema}.${t.name}`);
  }
  if (withRows.length > 0) {
    throw new OperatorError(
      `Refusing to move: the target database is not empty (rows in ${withRows.join(", ")}). Move into a new, empty database (createdb ...).`,
    );
  }
  const foreign = tables.filter((t) => t.schema === "public" && !ours.includes(t.name)).map((t) => t.name);
  if (foreign.length > 0) {
    throw new OperatorError(
      `Refusing to move: the target database has tables that are not Northwind IT's (${foreign.join(", ")}). Move into a new, empty database (createdb ...).`,
    );
  }
}

/**
 * Copies one table, ids and all. Each row travels as its PostgreSQL text (`t::text`, the very text the
 * checksum reads, with the same settings pinned on both sides) and is read back by a cast to the
 * table's row type, so every type (timestamps to the microsecond, jsonb including a JSON null, arrays,
 * bytea, bigint) converts inside PostgreSQL and never through JavaScript values.
 */
async function copyTable(from: Database, to: DbExecutor, table: string): Promise<number> {
  const columns = await queryRows<{ name: string; identity: string }>(
    to,
    sql`select a.attname::text as name, a.attidentity::text as identity from pg_attribute a
        where a.attrelid = ${`public.${quoteIdent(table)}`}::regclass and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = '' order by a.attnum`,
  );
  const rows = await from.transaction(async (tx) => {
    await pinRowText(tx);
    return queryRows<{ r: string }>(tx, sql`select t::text as r from ${sql.identifier(table)} t`);
  });
  const names = columns.map((c) => sql.identifier(c.name));
  const fields = columns.map((c) => sql`(copied).${sql.identifier(c.name)}`);
  // Ids generated "always" would otherwise be replaced by new ones.
  const overriding = columns.some((c) => c.identity === "a") ? sql`overriding system value` : sql``;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await to.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)}) ${overriding}
          select ${sql.join(fields, sql`, `)}
          from (select value::${sql.identifier(table)} as copied from json_array_elements_text(${JSON.stringify(batch)}::json)) batch`,
    );
    batch = [];
    chars = 0;
  };
  for (const { r } of rows) {
    batch.push(r);
    chars += r.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return rows.length;
}

/** Sequences (serial and identity columns) continue where the embedded database's left off. */
async function copySequences(from: Database, to: DbExecutor): Promise<void> {
  const sequences = await queryRows<{ name: string }>(
    from,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { name } of sequences) {
    const [state] = await queryRows<{ last: string; called: boolean }>(
      from,
      sql`select last_value::text as last, is_called as called from ${sql.identifier(name)}`,
    );
    await to.execute(
      sql`select setval(${`public.${quoteIdent(name)}`}::regclass, ${state!.last}::bigint, ${state!.called})`,
    );
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the target database";
  }
}
