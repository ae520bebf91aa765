// The one database factory (docs/architecture.md, "Database"): PostgreSQL through postgres.js when a URL is given,
// embedded PGlite otherwise. Both yield the same typed drizzle `db` and run the same migrations.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { keepPrivate } from "./private-files.js";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbExecutor = Database | Tx;

/**
 * How the database is used, for /metrics: queries asked and not yet answered against the pool's size (its
 * use), and a hook that hears each query's time from asking to answer.
 */
export interface QueryStats {
  inFlight: number;
  poolSize: number;
  onAnswer?: (seconds: number) => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  queries: QueryStats;
  /** The database over a connection that keeps its session (migrations): `db` unless behind a pooler. */
  sessionDb?: Database;
  /** Runs `fn` on every NOTIFY on `channel` (PostgreSQL across processes, PGlite within this one). */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** A cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /**
   * Runs `fn` while holding the lock `lockId`: on PostgreSQL an advisory lock, so instances that start
   * together take turns; on PGlite (one process) an in-process queue.
   */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data folder as a tarball, to clone a migrated database cheaply. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; when absent PGlite is used. */
  url?: string;
  /**
   * A direct connection to the same database when `url` goes through a transaction pooler (PgBouncer in
   * transaction mode): LISTEN, advisory locks and migrations need a session of their own, which a
   * transaction pooler does not keep, so they go here; `url` then runs without prepared statements.
   */
  directUrl?: string;
  /** PGlite's folder; "memory://" (or absent) keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone one migrated database this way). */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** postgres.js pool size. */
  maxConnections?: number;
}

const require = createRequire(import.meta.url);
/** Resolved through the package so it works from source and from a bundled server alike. */
export const migrationsFolder = join(dirname(require.resolve("@repo/db/package.json")), "drizzle");

/** Arbitrary constants shared by every instance: one lock for migrating, one for the first-start data. */
const MIGRATION_LOCK_ID = 728_311_902;
export const SEED_LOCK_ID = 728_311_903;

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options) : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(handle);
  return handle;
}

async function openPostgres(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const settings = { onnotice: () => {}, connection: { application_name: "northwind-it" } };
  // Behind a transaction pooler, two statements of one session may reach two server connections, so a
  // statement prepared on one is unknown on the other (PgBouncer before 1.21 cannot track them). Nor may
  // a connection pipeline: postgres.js writes a queued query behind a busy one, the pooler hands the
  // server connection to another client at the first ReadyForQuery, and the queries behind it are never
  // answered (https://github.com/porsager/postgres/issues/970; patches/postgres@3.4.9.patch lets a
  // transaction begin without it).
  const pooled = options.directUrl ? { prepare: false, max_pipeline: 0 } : {};
  const client = postgres(options.url!, { ...settings, ...pooled, max: options.maxConnections ?? 10 });
  // The session-bound work (LISTEN, advisory locks, migrations) on a connection that keeps its session.
  const direct = options.directUrl ? postgres(options.directUrl, { ...settings, max: 2 }) : client;
  const queries: QueryStats = { inFlight: 0, poolSize: options.maxConnections ?? 10 };
  // Directly connected, statements are prepared once per connection; behind a pooler they are not
  // (`prepare: false` above).
  wrapQueries(client as unknown as SqlClient, { prepare: !options.directUrl, queries });
  // Behind a pooler a connection may not pipeline (above): there reads keep to their own connections.
  if (!options.directUrl)
    (client as unknown as Pinnable)[RESERVE] = async () =>
      wrapQueries((await client.reserve()) as unknown as SqlClient & { release(): void }, { prepare: true, queries });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    queries,
    sessionDb: direct === client ? db : (drizzle(direct, { schema, casing: "snake_case" }) as unknown as Database),
    async listen(channel, fn) {
      const sub = await direct.listen(channel, fn);
      return () => sub.unlisten();
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async ping() {
      await client`select 1`;
    },
    async withLock(lockId, fn) {
      const session = await direct.reserve();
      try {
        await session`select pg_advisory_lock(${lockId})`;
        return await fn();
      } finally {
        await session`select pg_advisory_unlock(${lockId})`.catch(() => {});
        session.release();
      }
    },
    async close() {
      await client.end({ timeout: 5 });
      if (direct !== client) await direct.end({ timeout: 5 });
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = !options.dataDir || options.dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataDir(resolve(options.dataDir!));
  let client;
  try {
    client = await PGlite.create({
      dataDir: inMemory ? undefined : resolve(options.dataDir!),
      extensions: { pg_trgm, btree_gin },
      loadDataDir: options.loadDataDir,
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // A new (or loaded) database's files come out 0666 whatever the umask; the files PGlite adds later
  // follow the umask, which the server and the operator's commands set to 077.
  if (!inMemory) keepPrivate(resolve(options.dataDir!));
  const queries: QueryStats = { inFlight: 0, poolSize: 1 };
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof query>) => {
    const answered = startQuery(queries);
    return query(...args).finally(answered);
  }) as typeof client.query;
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  const locks = new Map<number, Promise<unknown>>();
  return {
    db,
    kind: "pglite",
    queries,
    withLock(lockId, fn) {
      const run = (locks.get(lockId) ?? Promise.resolve()).catch(() => {}).then(fn);
      locks.set(lockId, run);
      return run;
    },
    async listen(channel, fn) {
      return client.listen(channel, fn);
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await client.query("select 1");
    },
    dump: () => client.dumpDataDir("none"),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

const RESERVE = Symbol("reserve one connection, its queries wrapped as the pool's");
interface Pinnable {
  [RESERVE]?: () => Promise<SqlClient & { release(): void }>;
}

/**
 * Runs `fn` with every query on one connection of the pool. Reads sent together then leave in one write
 * and wake one PostgreSQL process, which answers them in turn; the pool would spread them over as many
 * connections, a socket write and a server process woken for each, and on this project's machines a
 * write costs more CPU than a read by primary key (docs/performance.md §10g). For a handful of reads that
 * each take well under a millisecond, one connection in turn is about as fast as several at once.
 *
 * Where there is no pool to choose from it runs `fn` on `db` itself: in a transaction (one connection
 * already), on PGlite, and behind a transaction pooler (no pipelining there). The connection is taken
 * as an idle one would be for a query, and given back when `fn` settles. Drizzle's session is reached as
 * `preparedQuery` reaches it (prepared.ts; prepared.test.ts fails if it moves).
 */
export async function onOneConnection<T>(db: DbExecutor, fn: (db: DbExecutor) => Promise<T>): Promise<T> {
  const session = (db as unknown as { session: { client: Pinnable } }).session;
  const reserve = session.client[RESERVE];
  if (!reserve) return fn(db);
  const client = await reserve();
  try {
    const pinned = Object.create(db, { session: { value: Object.create(session, { client: { value: client } }) } });
    return await fn(pinned as DbExecutor);
  } finally {
    client.release();
  }
}

/** Counts a query as asked; the returned function counts it answered, once, and reports its time. */
function startQuery(queries: QueryStats): () => void {
  const asked = performance.now();
  queries.inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    queries.inFlight--;
    queries.onAnswer?.((performance.now() - asked) / 1000);
  };
}

/**
 * Marks a statement whose best plan hangs on its parameters' values, so that it is never prepared. A
 * prepared statement is planned for its values five times, then PostgreSQL may keep one generic plan
 * for any value: for the ticket search that is the full-text index for every word, which reads and sorts
 * all 209,322 tickets of a word in one ticket of five (290 ms at a million tickets) where walking the
 * newest tickets finds its first thousand in 13 ms (docs/decisions/0020-search-plans.md).
 * Unprepared, a statement is planned for the values it carries, at the price of one more round trip.
 */
const CUSTOM_PLAN_MARK = "/* custom plan */";
export const CUSTOM_PLAN = sql.raw(`${CUSTOM_PLAN_MARK} `);

type Unsafe = (query: string, args?: unknown[], options?: object) => unknown;
interface SqlClient {
  unsafe: Unsafe;
  begin: (...args: unknown[]) => unknown;
  savepoint?: (...args: unknown[]) => unknown;
}

/**
 * Drizzle sends every query through postgres.js's `unsafe`; this one wrapper adds what the app wants of
 * each query there.
 *
 * `prepare`: drizzle passes `prepare: false` (it prepares only queries given a name), and postgres.js
 * sends an unprepared statement with parameters as two round trips: Parse and Describe, a wait for the
 * parameter types, then Bind and Execute. Every query cost two waits on the database where a
 * hand-written tagged query costs one (the server idled with requests in flight). Prepared,
 * the statement is described once per connection and then runs in one round trip, as postgres.js's own
 * queries do. Transactions get their own client: wrapped too. A statement marked CUSTOM_PLAN is the
 * exception: it is planned for its own values every time.
 *
 * `queries`: times the queries outside transactions. A postgres.js query runs only when awaited, and
 * drizzle still changes it after `unsafe` returns (`.values()`), so the timing hooks into that await
 * rather than awaiting it here.
 */
function wrapQueries<T extends SqlClient>(sql: T, { prepare, queries }: { prepare: boolean; queries?: QueryStats }): T {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = (query, args, options) => {
    const pending = unsafe(
      query,
      args ?? [],
      prepare ? { ...options, prepare: !query.includes(CUSTOM_PLAN_MARK) } : options,
    );
    return queries ? timed(pending as PromiseLike<unknown>, queries) : pending;
  };
  if (!prepare) return sql;
  for (const method of ["begin", "savepoint"] as const) {
    const original = sql[method]?.bind(sql);
    if (!original) continue;
    sql[method] = (...args: unknown[]) => {
      const last = args.length - 1;
      const fn = args[last] as (tx: SqlClient) => unknown;
      args[last] = (tx: SqlClient) => fn(wrapQueries(tx, { prepare }));
      return original(...args);
    };
  }
  return sql;
}

function timed(query: PromiseLike<unknown>, queries: QueryStats): PromiseLike<unknown> {
  const pending = query as PromiseLike<unknown> & { then: PromiseLike<unknown>["then"] };
  const then = pending.then.bind(pending);
  // biome-ignore lint/suspicious/noThenProperty: the await drizzle makes is the moment the query runs
  pending.then = (onAnswer, onError) => {
    const answered = startQuery(queries);
    return then(
      (value) => {
        answered();
        return onAnswer ? onAnswer(value) : (value as never);
      },
      (error) => {
        answered();
        if (onError) return onError(error);
        throw error;
      },
    );
  };
  return pending;
}

/**
 * PGlite serves one process: a second process on the same folder would silently diverge, so the
 * folder is claimed with a lockfile holding our pid and a live second opener is refused.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite writes its files 0666 less the umask: a folder written under a lax one is put right here.
  keepPrivate(dataDir);
  const lockFile = lockFileOf(dataDir);
  const pid = embeddedDatabaseUser(dataDir);
  if (pid) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        "PGlite serves one process: stop that process, or set DATABASE_URL to use PostgreSQL.",
    );
  }
  const fd = openSync(lockFile, "w");
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockFile, { force: true });
}

const lockFileOf = (dataDir: string) => join(dataDir, "..", `${dataDir.split("/").pop()}.lock`);

/**
 * The live process, other than this one, that holds the embedded database in `dataDir`, if any: the
 * operator commands (backup, restore, move) refuse to run beside it (docs/decisions/0010).
 */
export function embeddedDatabaseUser(dataDir: string): number | undefined {
  const lockFile = lockFileOf(resolve(dataDir));
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, "utf8"));
  return pid && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Applies pending migrations. drizzle's migrator takes no lock, so it runs under one: instances starting
 * together on an empty database wait their turn.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const { migrate } =
    handle.kind === "pglite"
      ? await import("drizzle-orm/pglite/migrator")
      : await import("drizzle-orm/postgres-js/migrator");
  const db = handle.sessionDb ?? handle.db;
  await handle.withLock(MIGRATION_LOCK_ID, () => migrate(db as never, { migrationsFolder }));
}

/** True when the database holds no users yet (a first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  return (rows[0]?.n ?? 0) === 0;
}
