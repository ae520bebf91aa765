// The staff ticket list's queues (built-in views) and sort orders, with their labels. Zod-free: the
// dashboard route reads them from the address before any portal code (or zod) loads.

/** Built-in views of the staff list, in the order the side list shows them. Each is a subset of open tickets. */
export const TICKET_VIEWS = ["mine", "unassigned", "at-risk", "overdue", "waiting", "open"] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];

/**
 * A view's count stops here: past it the side list says "10,000+". An exact count of a desk of a million
 * tickets costs ~200 ms; counting up to the cap stops early (GET /api/views/counts answers CAP + 1 for
 * "more than CAP").
 */
export const VIEW_COUNT_CAP = 10_000;

export const TICKET_VIEW_LABELS: Record<TicketView, string> = {
  mine: "My open tickets",
  unassigned: "Unassigned",
  "at-risk": "At risk",
  overdue: "Overdue",
  waiting: "Waiting on customer",
  open: "All open",
};

/** Sort orders of the staff list besides the default (newest first, docs/product-spec.md §2). */
export const TICKET_SORTS = ["priority", "sla", "updated"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const TICKET_SORT_LABELS: Record<TicketSort, string> = {
  priority: "Priority (P1 first)",
  sla: "SLA due (soonest first)",
  updated: "Recently updated",
};

/** A saved view's name: what the side list shows. */
export const SAVED_VIEW_NAME_MAX = 60;
/** How many saved views one person may own. */
export const SAVED_VIEWS_PER_USER = 50;
