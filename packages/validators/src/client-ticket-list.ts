// How a client's ticket list is searched, filtered and sorted: the dashboard's choices (its address keeps
// them) and the server's paged list (GET /api/client/tickets/page) read the same tables. Zod-free: the
// dashboard parses its address before any schema loads.
import type { TicketStatus } from "./enums.js";

/**
 * The status filter's choices: the counters' groups, plus the tickets waiting on the client. Sentence case,
 * so that an option never reads exactly like a status badge or a counter.
 */
export const CLIENT_STATUS_FILTERS = {
  open: { label: "Open", statuses: ["NEW", "TRIAGED"] },
  in_progress: { label: "In progress", statuses: ["IN_PROGRESS"] },
  waiting: { label: "Waiting on you or on hold", statuses: ["WAITING_CUSTOMER", "ON_HOLD"] },
  resolved: { label: "Resolved or closed", statuses: ["RESOLVED", "CLOSED"] },
} as const satisfies Record<string, { label: string; statuses: readonly TicketStatus[] }>;
export type ClientStatusFilter = keyof typeof CLIENT_STATUS_FILTERS;

export const CLIENT_TICKET_SORTS = {
  newest: "Newest first",
  oldest: "Oldest first",
  updated: "Recently updated",
  priority: "Priority, most urgent first",
} as const;
export type ClientTicketSort = keyof typeof CLIENT_TICKET_SORTS;

/** A page of the client's list: enough to fill a screen twice, few enough to stay quick at any size. */
export const CLIENT_TICKET_PAGE_SIZE = 25;
