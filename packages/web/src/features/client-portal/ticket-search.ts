// The client dashboard's address: which tab is open (?tab=assistant) and how the ticket list is searched,
// filtered and sorted (?q=&status=&sort=), so that Back steps through tabs, a link can open the assistant,
// and a search survives a visit to a ticket. Read before any portal code loads, so zod-free. The server
// does the searching (GET /api/client/tickets/page).
import {
  CLIENT_STATUS_FILTERS,
  CLIENT_TICKET_SORTS,
  type ClientStatusFilter,
  type ClientTicketSort,
} from "@repo/validators/labels";

export const DASHBOARD_TABS = ["tickets", "inventory", "assistant", "profile"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export interface ClientDashboardSearch {
  tab?: Exclude<DashboardTab, "tickets">;
  q?: string;
  status?: ClientStatusFilter;
  sort?: Exclude<ClientTicketSort, "newest">;
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
  typeof value === "string" && (choices as readonly string[]).includes(value) ? (value as T) : undefined;

/** Accepts what a person may type in the address bar; anything unknown is dropped, never an error. */
export function parseClientDashboardSearch(raw: Record<string, unknown>): ClientDashboardSearch {
  const search: ClientDashboardSearch = {};
  const tab = oneOf(DASHBOARD_TABS, raw.tab);
  if (tab && tab !== "tickets") search.tab = tab;
  if (typeof raw.q === "string" && raw.q.trim()) search.q = raw.q;
  const status = oneOf(Object.keys(CLIENT_STATUS_FILTERS) as ClientStatusFilter[], raw.status);
  if (status) search.status = status;
  const sort = oneOf(Object.keys(CLIENT_TICKET_SORTS) as ClientTicketSort[], raw.sort);
  if (sort && sort !== "newest") search.sort = sort;
  return search;
}
