// Queries built once and then only run (docs/performance.md). Drizzle turns a query object into SQL text on every
// call, which costs 70-140 µs of CPU for a select with joins over a wide table: more than the database
// takes to answer a read by primary key. A query whose shape never changes (only its values do) is built
// once here, with `sql.placeholder(...)` for its values, and each call then only sends it, on the database
// and inside a transaction alike (where a ticket write runs a dozen such statements).
import type { DbExecutor } from "./client.js";

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/** What drizzle 0.45 keeps of a handle and of a prepared query: the driver's client each sends through. */
interface Bound {
  client: unknown;
}
const sessionOf = (db: DbExecutor) => (db as unknown as { session: Bound & object }).session;

/**
 * `name` names the statement (unique in the app); `build` is the query on a handle, its values as
 * placeholders. Returns a function that runs it on a handle with the placeholders' values.
 *
 * Drizzle's prepared query holds the SQL text, its parameters and how to read the rows, and sends through
 * the `client` of the session it was built on; a transaction's session differs from its database's only in
 * that client. So the query is built once per kind of session (postgres.js, PGlite) and each call runs it
 * through the caller's own client: on a transaction, inside the transaction. That reads two fields drizzle
 * does not document (`session.client`, the prepared query's `client`); the version is pinned and
 * prepared.test.ts fails if they move (docs/decisions/0021-patched-dependencies.md).
 *
 * An insert names every column it sets as a placeholder, the id included: a column's default function
 * runs when the query is built, once, and would give every row the same id. A null value is sent as SQL
 * null (drizzle patched to do so, as it does for values written inline).
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbExecutor) => Preparable<R>,
): (db: DbExecutor, values: V) => Promise<R> {
  const built = new Map<unknown, Prepared<R> & Bound>();
  return (db, values) => {
    const session = sessionOf(db);
    let query = built.get(session.constructor);
    if (!query) {
      query = build(db).prepare(name) as Prepared<R> & Bound;
      built.set(session.constructor, query);
    }
    if (query.client === session.client) return query.execute(values);
    const onCaller: Prepared<R> = Object.create(query, { client: { value: session.client } });
    return onCaller.execute(values);
  };
}

/**
 * One key per database, the same for every transaction on it: what a process-wide cache of something that
 * is not read transactionally (the published site content) keys on, so a read inside a transaction finds
 * what a read outside it stored. It is drizzle's dialect object, which a database hands to each of its
 * transactions and which no two databases share; prepared.test.ts fails if that moves.
 */
export const databaseOf = (db: DbExecutor): object => (db as unknown as { dialect: object }).dialect;
