// The client's ticket list in pages (docs/performance.md §4): searched, filtered and sorted in SQL, read a
// page at a time by keyset (after the last ticket seen), and the dashboard's counters counted in SQL, so that a company
// with 5,000 tickets opens its dashboard as fast as one with 10. Every query carries the company.
import {
  and,
  count,
  eq,
  ilike,
  inArray,
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
  type ClientTicketCounts,
  type ClientTicketPage,
  type ClientTicketPageQuery,
  type ClientTicketSort,
  type TicketStatus,
} from "@repo/validators";
import { assertCursor, byCreation, keyset, pageOf, type Keyset, type KeysetKey } from "../lib/keyset.js";
import { assigneeColumns, clientListedTicket } from "./queries.js";
import type { Scope } from "../auth/scope.js";
import { ticketsInScope } from "./in-scope.js";
import { toClientTicket } from "./serialize.js";

type Column = "id" | "createdAt" | "updatedAt" | "priority";
const key = (column: Column, direction: "asc" | "desc"): KeysetKey<typeof tickets> => ({
  of: (t) => t[column],
  direction,
});

/** Each order's keys, most significant first; the id last, so that no two tickets tie. */
const ORDERS: Record<ClientTicketSort, Keyset> = {
  newest: byCreation(tickets, "desc"),
  oldest: byCreation(tickets, "asc"),
  updated: keyset(tickets, [key("updatedAt", "desc"), key("id", "desc")]),
  // The priority enum is declared P1 first: ascending puts the most urgent first.
  priority: keyset(tickets, [key("priority", "asc"), key("createdAt", "desc"), key("id", "desc")]),
};

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

export async function clientTicketPage(
  db: DbExecutor,
  scope: Scope,
  query: ClientTicketPageQuery,
): Promise<ClientTicketPage> {
  const statuses: readonly TicketStatus[] | undefined = query.status && CLIENT_STATUS_FILTERS[query.status].statuses;
  const inScope = ticketsInScope(scope);
  const filter = and(inScope, statuses ? inArray(tickets.status, [...statuses]) : undefined, matchesWords(query.q));
  const order = ORDERS[query.sort];
  if (query.cursor !== undefined) {
    await assertCursor(db, tickets, query.cursor, inScope, "tickets");
  }
  const rows = await db
    .select({ ticket: clientListedTicket, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(and(filter, query.cursor === undefined ? undefined : order.after(query.cursor)))
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  const [matched] = await db.select({ n: count() }).from(tickets).where(filter);
  const page = pageOf(rows, query.limit, (r) => r.ticket.id);
  return {
    tickets: page.rows.map((r) => toClientTicket(r.ticket, { assignee: r.assignee })),
    nextCursor: page.nextCursor,
    matching: matched?.n ?? 0,
  };
}

/** The dashboard's four counters (docs/product-spec.md §2), counted in SQL by status. */
export async function clientTicketCounts(db: DbExecutor, scope: Scope): Promise<ClientTicketCounts> {
  const rows = await db
    .select({ status: tickets.status, n: count() })
    .from(tickets)
    .where(ticketsInScope(scope))
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
