// Queries built once and then only run (issue 20). Drizzle turns a query object into SQL text on every
// call, which costs 70-140 µs of CPU for a select with joins over a wide table: more than the database
// takes to answer a read by primary key. A query whose shape never changes (only its values do) is built
// and prepared once per database handle here, with `sql.placeholder(...)` for its values, and each call
// then only sends it. A transaction is a handle of its own, so there the query is built for the
// transaction, once, as before.
import type { DbExecutor } from "./client.js";

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/**
 * `name` names the statement (unique in the app); `build` is the query on a handle, its values as
 * placeholders. Returns a function that runs it on a handle with the placeholders' values.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbExecutor) => Preparable<R>,
): (db: DbExecutor, values: V) => Promise<R> {
  const built = new WeakMap<DbExecutor, Prepared<R>>();
  return (db, values) => {
    let query = built.get(db);
    if (!query) {
      query = build(db).prepare(name);
      built.set(db, query);
    }
    return query.execute(values);
  };
}
