// The dashboard's filters live in the URL (?q=&status=&priority=&page=, and the agent desk's
// &view=&sort=&saved=), so Back from a ticket returns to the same page of the same search, and a filtered
// view can be shared. `saved` names the saved view the filters came from, so the side list marks it.
// The route validates the address with this module before any portal code loads, so it reads the
// zod-free entry of the validators: a visitor of the marketing pages never downloads a schema library.
import {
  STAFF_PRIORITY_LABELS,
  STAFF_TICKET_PAGE_SIZE,
  TICKET_SORT_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_VIEW_LABELS,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
  type TicketView,
} from "@repo/validators/labels";

export interface DashboardSearch {
  q?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  /** A built-in queue; none: every ticket. */
  view?: TicketView;
  /** none: newest first. */
  sort?: TicketSort;
  /** The saved view these filters were opened from. */
  saved?: string;
  page?: number;
}

/** What a saved view keeps of the search: its filters and sort, not the page or the saved view itself. */
export type ViewFilters = Pick<DashboardSearch, "q" | "status" | "priority" | "view" | "sort">;

export function viewFilters({ q, status, priority, view, sort }: DashboardSearch): ViewFilters {
  return Object.fromEntries(
    Object.entries({ q, status, priority, view, sort }).filter(([, value]) => value !== undefined),
  ) as ViewFilters;
}

/** A saved view's id as ids are (UUID characters), so a junk address never reaches a lookup. */
const SAVED_ID = /^[0-9a-f-]{1,64}$/i;

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
  if (typeof raw.view === "string" && Object.hasOwn(TICKET_VIEW_LABELS, raw.view)) {
    search.view = raw.view as TicketView;
  }
  if (typeof raw.sort === "string" && Object.hasOwn(TICKET_SORT_LABELS, raw.sort)) {
    search.sort = raw.sort as TicketSort;
  }
  if (typeof raw.saved === "string" && SAVED_ID.test(raw.saved)) search.saved = raw.saved;
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
    ...(search.view ? { view: search.view } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
    page: search.page ?? 1,
    pageSize: STAFF_TICKET_PAGE_SIZE,
  };
}
