// Small rules about talking to PostgreSQL that several queries share, each defined once.
import { getTableColumns, type SQL, type Table } from "drizzle-orm";
import type { DbExecutor } from "./client.js";

/** Ids arrive from URLs: anything that is not a UUID cannot name a row (and must not reach SQL as one). */
export { isUuid } from "@repo/validators/labels";

/** A LIKE / ILIKE pattern that matches `text` literally anywhere: the user's own % and _ are escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL's unique_violation (23505), whether the driver error arrives bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** Some of a table's columns, by name and in that order, for select(...) and returning(...). */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  names: readonly K[],
): Pick<T["_"]["columns"], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T["_"]["columns"], K>;
}

/** Driver codes and SQLSTATEs of a database that cannot be reached right now (rather than a bad query). */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** True when `error` (or what it wraps) says the database is down or unreachable: an outage, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true; // class 08: connection exception
    if (e.message === "PGlite is closed") return true;
  }
  return false;
}

/**
 * The rows a hand-written statement answers (`db.execute`): postgres.js hands them back as the result,
 * PGlite as its `rows`. Columns come back under the names the statement gives them (quote camelCase).
 */
export async function executeRows<R>(db: DbExecutor, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as R[] | { rows: R[] };
  return Array.isArray(result) ? result : result.rows;
}
