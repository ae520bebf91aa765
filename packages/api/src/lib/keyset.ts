// Keyset paging (docs/performance.md §4), one helper for every paged list: a page is the rows after the
// last row seen, in an order whose last key is the id, so no two rows tie and no row is lost or repeated between pages.
// The cursor is that last row's id. Its keys are read in SQL, never sent back and forth, so a timestamp
// keeps its microseconds; and the caller checks it is a row the caller may see (`assertCursor`), so a
// cursor can neither reach nor reveal another company's rows.
import {
  alias,
  and,
  eq,
  isNotNull,
  isNull,
  isUuid,
  or,
  sql,
  type PgColumn,
  type DbExecutor,
  type PgTable,
  type SQL,
} from "@repo/db";
import { InvalidError } from "../errors.js";

/** A table with a uuid `id`: the order's tie-breaker and the cursor. */
type KeyedTable = PgTable & { id: PgColumn };

export interface KeysetKey<T extends KeyedTable> {
  /** The key's value in a row of `t`: the listed table, or the cursor's row under an alias. */
  of(t: T): SQL | PgColumn;
  direction: "asc" | "desc";
  /** The key may be null: empty values sort last in both directions. */
  nullable?: boolean;
}

const CURSOR = "cursor";

/** What a paged call asks for: the rows after `cursor` (a row's id), `limit` of them; no limit, all of them. */
export interface PageQuery {
  cursor?: string;
  limit?: number;
}

/** A page of one ticket's rows (its comments, its mails): the ticket is the `{id}` of the call's path. */
export interface TicketPageQuery extends PageQuery {
  id: string;
}

export interface Keyset {
  /** The ORDER BY of the keys, most significant first. */
  orderBy: SQL[];
  /** The rows after the cursor's row in this order. */
  after(cursor: string): SQL;
}

/** The keys must end with the id (or another unique column), or pages may lose or repeat rows. */
export function keyset<T extends KeyedTable>(table: T, keys: readonly KeysetKey<T>[]): Keyset {
  // An aliased table renders as its alias alone in a template: the subquery's FROM names both.
  const cursorRow = alias(table, CURSOR) as unknown as T;
  const cursorValueOf = (key: KeysetKey<T>, cursor: string) =>
    sql`(select ${key.of(cursorRow)} from ${table} as ${sql.identifier(CURSOR)} where ${cursorRow.id} = ${cursor})`;
  const after = (cursor: string, [key, ...rest]: readonly KeysetKey<T>[]): SQL => {
    const value = key!.of(table);
    const cursorValue = cursorValueOf(key!, cursor);
    const beyond = key!.direction === "asc" ? sql`${value} > ${cursorValue}` : sql`${value} < ${cursorValue}`;
    // Nulls come last: past a cursor with a value, every empty value is still to come.
    const past = key!.nullable ? or(beyond, and(isNull(value), isNotNull(cursorValue)))! : beyond;
    if (rest.length === 0) return past;
    const same = key!.nullable ? sql`${value} is not distinct from ${cursorValue}` : sql`${value} = ${cursorValue}`;
    return or(past, and(same, after(cursor, rest)))!;
  };
  return {
    orderBy: keys.map(
      (key) =>
        sql`${key.of(table)} ${key.direction === "asc" ? sql`asc` : sql`desc`}${key.nullable ? sql` nulls last` : sql``}`,
    ),
    after: (cursor) => {
      const [first] = keys;
      if (keys.length === 1 || first!.nullable) return after(cursor, keys);
      // The same rows, with the first key's bound also stated on its own: an index on the keys then starts
      // its scan at the cursor (an index condition), where the OR alone is a filter on every row before it.
      const value = first!.of(table);
      const cursorValue = cursorValueOf(first!, cursor);
      const bound = first!.direction === "asc" ? sql`${value} >= ${cursorValue}` : sql`${value} <= ${cursorValue}`;
      return and(bound, after(cursor, keys))!;
    },
  };
}

/**
 * The cursor must be a row the caller may list (`scope`: the company, the ticket...): otherwise, whether it
 * was deleted or belongs to someone else, the answer is the same 400 and reveals nothing.
 */
/**
 * By creation time, the id breaking ties: the order of most lists (the outbox, enquiries, a ticket's
 * comments, a client's tickets).
 */
export const byCreation = <T extends KeyedTable & { createdAt: PgColumn }>(table: T, direction: "asc" | "desc") =>
  keyset(table, [
    { of: (t) => t.createdAt, direction },
    { of: (t) => t.id, direction },
  ]);

export async function assertCursor<T extends KeyedTable>(
  db: DbExecutor,
  table: T,
  cursor: string,
  scope: SQL | undefined,
  what: string,
): Promise<void> {
  const [found] = isUuid(cursor)
    ? await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(eq(table.id, cursor), scope))
    : [];
  if (!found) throw new InvalidError(`That page of ${what} no longer exists: start again from the first page`);
}

export interface Page<R> {
  rows: R[];
  /** The id to send as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A page from `limit + 1` rows read: the extra row only tells whether another page follows. */
export function pageOf<R>(rows: R[], limit: number, idOf: (row: R) => string): Page<R> {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? idOf(page.at(-1)!) : null };
}
