// The database side of bench:api's yardsticks (bench/raw-server.ts, bench/bare-server.ts): the same hand-written
// statements on PostgreSQL through postgres.js (DATABASE_URL) or on PGlite in the process (PGLITE_DIR, a copy
// of our server's data made by bench:api with BENCH_DB=pglite).
import { createRequire } from "node:module";
import { resolve } from "node:path";

// postgres.js and PGlite are dependencies of @repo/db, not of the workspace root: load them from there.
const fromDb = createRequire(resolve("packages/db/package.json"));

// biome-ignore lint/suspicious/noExplicitAny: a row is whatever the statement selects, as the driver returns it
export type Row = Record<string, any>;
/** A statement written as a template; its values are sent as parameters, and fragments nest. */
export type Query = (strings: TemplateStringsArray, ...values: unknown[]) => Promise<Row[]>;

export interface Driver {
  sql: Query;
  fragment: (strings: TemplateStringsArray, ...values: unknown[]) => unknown;
  begin<T>(fn: (tx: Query) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export async function openDriver(): Promise<Driver> {
  if (process.env.PGLITE_DIR) {
    const { PGlite } = fromDb("@electric-sql/pglite") as typeof import("@electric-sql/pglite");
    const { pg_trgm } = fromDb(
      "@electric-sql/pglite/contrib/pg_trgm",
    ) as typeof import("@electric-sql/pglite/contrib/pg_trgm");
    // btree_gin too: the search's index on (status, priority, search_vector) needs it (migration 0020).
    const { btree_gin } = fromDb(
      "@electric-sql/pglite/contrib/btree_gin",
    ) as typeof import("@electric-sql/pglite/contrib/btree_gin");
    const template = fromDb("@electric-sql/pglite/template") as typeof import("@electric-sql/pglite/template");
    const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm, btree_gin } });
    return {
      sql: async (strings, ...values) => (await db.sql<Row>(strings, ...values)).rows,
      fragment: template.sql,
      begin: (fn) =>
        db.transaction((tx) => fn(async (strings, ...values) => (await tx.sql<Row>(strings, ...values)).rows)),
      end: () => db.close(),
    };
  }
  const postgres = fromDb("postgres") as typeof import("postgres").default;
  const client = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
  // postgres.js runs a template when it is awaited, and nests one that is not: queries and fragments alike.
  const sql = client as unknown as Query;
  return {
    sql,
    fragment: sql,
    begin: (fn) => client.begin((tx) => fn(tx as unknown as Query)) as Promise<never>,
    end: () => client.end(),
  };
}
