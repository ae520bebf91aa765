// The dashboard's filters live in the URL (?q=&status=&priority=&page=), so Back from a ticket returns
// to the same page of the same search, and a filtered view can be shared.
import {
  STAFF_TICKET_PAGE_SIZE,
  ticketPrioritySchema,
  ticketStatusSchema,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";

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
  const status = ticketStatusSchema.safeParse(raw.status);
  if (status.success) search.status = status.data;
  const priority = ticketPrioritySchema.safeParse(raw.priority);
  if (priority.success) search.priority = priority.data;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

/** The list call of spec section 7: q, status and priority only when set and not "all"; 20 a page. */
export function ticketListInput(search: DashboardSearch) {
  return {
    ...(search.q?.trim() ? { q: search.q.trim() } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.priority ? { priority: search.priority } : {}),
    page: search.page ?? 1,
    pageSize: STAFF_TICKET_PAGE_SIZE,
  };
}
