// The dashboard's filters live in the URL (?q=&status=&priority=&page=), so Back from a ticket returns
// to the same page of the same search, and a filtered view can be shared.
// The route validates the address with this module before any portal code loads, so it reads the
// zod-free entry of the validators: a visitor of the marketing pages never downloads a schema library.
import {
  STAFF_PRIORITY_LABELS,
  STAFF_TICKET_PAGE_SIZE,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators/labels";

export interface DashboardSearch {
  q?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  page?: number;
}

/** Accepts what a person may type in the address bar; anything unknown is dropped, never an error. */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const search: DashboardSearch = {};
  if (typeof raw.q === "string" && raw.q.trim()) search.q = raw.q;
  if (typeof raw.status === "string" && Object.hasOwn(TICKET_STATUS_LABELS, raw.status)) {
    search.status = raw.status as TicketStatus;
  }
  if (typeof raw.priority === "string" && Object.hasOwn(STAFF_PRIORITY_LABELS, raw.priority)) {
    search.priority = raw.priority as TicketPriority;
  }
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

/** The list call of docs/product-spec.md §7: q, status and priority only when set and not "all"; 20 a page. */
export function ticketListInput(search: DashboardSearch) {
  return {
    ...(search.q?.trim() ? { q: search.q.trim() } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.priority ? { priority: search.priority } : {}),
    page: search.page ?? 1,
    pageSize: STAFF_TICKET_PAGE_SIZE,
  };
}
