// What a backup and a move compare: every application table (those in the `public` schema), in an order
// where each table comes after the tables it refers to, with its row count and a checksum of its rows
// (docs/decisions/0010-backups-and-moving-to-postgres.md). Read from the catalog, so a table added by a
// later migration is covered without a change here.
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "./client.js";
import { timeClientDays, timePersonDays, timeWorkTypeDays } from "./schema/time-rollups.js";

/** Rows of a raw query on either driver: PGlite answers `{ rows }`, postgres.js a plain array. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Tables that PostgreSQL triggers fill from another table's writes (the time rollups, decision 0039). A
 * copy leaves them to the triggers, which fill them as their source is copied, and compares them all the
 * same; copying their rows too would count every sum twice.
 */
export const TABLES_KEPT_BY_TRIGGERS: readonly string[] = [timePersonDays, timeClientDays, timeWorkTypeDays].map(
  (table) => getTableName(table),
);

/** The application tables, parents before children (foreign keys to the table itself are left aside). */
export async function tablesInCopyOrder(db: DbExecutor): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select distinct c.relname::text as child, p.relname::text as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents].filter(([, of]) => [...of].every((p) => !parents.has(p))).map(([name]) => name);
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${[...parents.keys()].join(", ")}`);
    for (const name of ready) {
      ordered.push(name);
      parents.delete(name);
    }
  }
  return ordered;
}

export interface TableSum {
  table: string;
  rows: number;
  md5: string;
}

/**
 * Row count and md5 of each table's rows as text, in a fixed order. The text of a row depends on the
 * session's settings, so they are pinned; the order uses the "C" collation, since an install's default
 * collation may differ between PGlite and a PostgreSQL server. Runs in a transaction (a savepoint when
 * given one), which `set local` needs.
 */
export async function tableSums(db: DbExecutor, tables?: string[]): Promise<TableSum[]> {
  const run = async (tx: DbExecutor) => {
    await pinRowText(tx);
    const sums: TableSum[] = [];
    for (const table of tables ?? (await tablesInCopyOrder(tx))) {
      const [row] = await queryRows<{ rows: number; md5: string }>(
        tx,
        sql`select count(*)::int as rows,
                   md5(coalesce(string_agg(t::text, E'\n' order by t::text collate "C"), '')) as md5
            from ${sql.identifier(table)} t`,
      );
      sums.push({ table, rows: Number(row!.rows), md5: row!.md5 });
    }
    return sums;
  };
  return (db as Database).transaction(run);
}

/** Settings that change how a row renders as text: the same on both sides, whatever each server's defaults. */
export async function pinRowText(tx: DbExecutor): Promise<void> {
  for (const setting of [
    sql`set local timezone to 'UTC'`,
    sql`set local datestyle to 'ISO, MDY'`,
    sql`set local intervalstyle to 'postgres'`,
    sql`set local extra_float_digits to 1`,
    sql`set local bytea_output to 'hex'`,
  ]) {
    await tx.execute(setting);
  }
}

export interface SumComparison {
  table: string;
  source: TableSum | undefined;
  target: TableSum | undefined;
  same: boolean;
}

/** Every table of either side, with whether its count and checksum agree. */
export function compareSums(source: TableSum[], target: TableSum[]): SumComparison[] {
  const names = [...new Set([...source.map((s) => s.table), ...target.map((t) => t.table)])];
  return names.map((table) => {
    const s = source.find((x) => x.table === table);
    const t = target.find((x) => x.table === table);
    return { table, source: s, target: t, same: !!s && !!t && s.rows === t.rows && s.md5 === t.md5 };
  });
}

/** A plain-text table for the operator: one line per table, the checksum shortened, "MISMATCH" where they differ. */
export function formatComparison(rows: SumComparison[], labels: [string, string]): string {
  const width = Math.max(5, ...rows.map((r) => r.table.length));
  const cell = (s: TableSum | undefined) =>
    s ? `${String(s.rows).padStart(7)} ${s.md5.slice(0, 8)}` : "      -         ";
  const lines = [
    `${"table".padEnd(width)}  ${labels[0].padStart(16)}  ${labels[1].padStart(16)}`,
    ...rows.map(
      (r) =>
        `${r.table.padEnd(width)}  ${cell(r.source).padStart(16)}  ${cell(r.target).padStart(16)}  ${r.same ? "ok" : "MISMATCH"}`,
    ),
  ];
  return lines.join("\n");
}
