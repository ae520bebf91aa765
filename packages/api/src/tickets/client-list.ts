// The client's ticket list in pages (issue 20): searched, filtered and sorted in SQL, read a page at a time
// by keyset (after the last ticket seen), and the dashboard's counters counted in SQL, so that a company
// with 5,000 tickets opens its dashboard as fast as one with 10. Every query carries the company.
import {
  alias,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isUuid,
  lt,
  or,
  sql,
  tickets,
  users,
  containsPattern,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import {
  CLIENT_STATUS_FILTERS,
  type ClientTicketPageQuery,
  type ClientTicketSort,
  type TicketStatus,
} from "@repo/validators";
import { InvalidError } from "../errors.js";
import { assigneeColumns, listedTicket } from "./queries.js";
import { toClientTicket, type ClientTicket } from "./serialize.js";

export interface ClientTicketPage {
  tickets: ClientTicket[];
  /** The id to send as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many tickets match the search and filter, over every page. */
  matching: number;
}

type Key = [column: "id" | "createdAt" | "updatedAt" | "priority", direction: "asc" | "desc"];

/** Each order's keys, most significant first; the id last, so that no two tickets tie. */
const ORDERS: Record<ClientTicketSort, Key[]> = {
  newest: [
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
  oldest: [
    ["createdAt", "asc"],
    ["id", "asc"],
  ],
  updated: [
    ["updatedAt", "desc"],
    ["id", "desc"],
  ],
  // The priority enum is declared P1 first: ascending puts the most urgent first.
  priority: [
    ["priority", "asc"],
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
};

const CURSOR = "cursor";
const cursorRow = alias(tickets, CURSOR);

/**
 * The words of a search: each must be found in the title, the description or the reference (the id's last
 * eight characters, with or without its "#"), in any case.
 */
function matchesWords(q: string | undefined): SQL | undefined {
  const words = (q ?? "").replace(/#/g, " ").split(/\s+/).filter(Boolean);
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(tickets.title, pattern),
        ilike(tickets.description, pattern),
        ilike(sql`right(${tickets.id}::text, 8)`, pattern),
      );
    }),
  );
}

/**
 * Tickets after the cursor ticket in this order: (k1, k2, ...) past the cursor's keys, compared key by key.
 * The cursor's keys are read in SQL, not sent back and forth, so a timestamp keeps its microseconds.
 */
function afterCursor(order: Key[], cursor: string): SQL {
  const [[key, direction], ...rest] = order as [Key, ...Key[]];
  // An aliased table renders as its alias alone in a template: the FROM names both.
  const cursorKey = sql`(select ${cursorRow[key]} from ${tickets} as ${sql.identifier(CURSOR)} where ${cursorRow.id} = ${cursor})`;
  const past = direction === "asc" ? gt(tickets[key], cursorKey) : lt(tickets[key], cursorKey);
  if (rest.length === 0) return past;
  return or(past, and(eq(tickets[key], cursorKey), afterCursor(rest, cursor)))!;
}

export async function clientTicketPage(
  db: DbExecutor,
  clientId: string,
  query: ClientTicketPageQuery,
): Promise<ClientTicketPage> {
  const statuses: readonly TicketStatus[] | undefined = query.status && CLIENT_STATUS_FILTERS[query.status].statuses;
  const filter = and(
    eq(tickets.clientId, clientId),
    statuses ? inArray(tickets.status, [...statuses]) : undefined,
    matchesWords(query.q),
  );
  const order = ORDERS[query.sort];
  if (query.cursor !== undefined) await assertCursor(db, clientId, query.cursor);
  const rows = await db
    .select({ ticket: listedTicket, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(and(filter, query.cursor === undefined ? undefined : afterCursor(order, query.cursor)))
    .orderBy(...order.map(([key, direction]) => (direction === "asc" ? asc(tickets[key]) : desc(tickets[key]))))
    .limit(query.limit + 1);
  const [matched] = await db.select({ n: count() }).from(tickets).where(filter);
  const page = rows.slice(0, query.limit);
  return {
    tickets: page.map((r) => toClientTicket(r.ticket, { assignee: r.assignee })),
    nextCursor: rows.length > query.limit ? page.at(-1)!.ticket.id : null,
    matching: matched?.n ?? 0,
  };
}

/** The cursor must be one of the company's tickets: another company's id reveals nothing, as everywhere. */
async function assertCursor(db: DbExecutor, clientId: string, cursor: string): Promise<void> {
  const [found] = isUuid(cursor)
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, cursor), eq(tickets.clientId, clientId)))
    : [];
  if (!found) throw new InvalidError("That page of tickets no longer exists: start again from the first page");
}

export interface ClientTicketCounts {
  open: number;
  inProgress: number;
  resolved: number;
  total: number;
}

/** The dashboard's four counters (docs/product-spec.md §2), counted in SQL by status. */
export async function clientTicketCounts(db: DbExecutor, clientId: string): Promise<ClientTicketCounts> {
  const rows = await db
    .select({ status: tickets.status, n: count() })
    .from(tickets)
    .where(eq(tickets.clientId, clientId))
    .groupBy(tickets.status);
  const of = (statuses: readonly TicketStatus[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
  return {
    open: of(CLIENT_STATUS_FILTERS.open.statuses),
    inProgress: of(CLIENT_STATUS_FILTERS.in_progress.statuses),
    resolved: of(CLIENT_STATUS_FILTERS.resolved.statuses),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}
