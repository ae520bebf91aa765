// Payloads shaped like the API's client views (@repo/validators clientTicketSchema), for component tests.
import type { AttachmentItem } from "../components/attachment-list";
import { CLIENT_STATUS_FILTERS } from "@repo/validators";
import { ticketCore } from "./ticket-core";

export function clientTicket(overrides: Partial<ReturnType<typeof baseTicket>> = {}) {
  return { ...baseTicket(), ...overrides };
}

function baseTicket() {
  return {
    ...ticketCore("c-acme"),
    assignee: null as { name: string; email: string } | null,
    comments: [] as { id: string; authorName: string; content: string; createdAt: string }[],
    attachments: [] as AttachmentItem[],
  };
}

export const acmeProfile = {
  id: "c-acme",
  name: "Acme Dental",
  contactEmail: null as string | null,
  contactPhone: "416-555-0100" as string | null,
  address: null as string | null,
  description: null as string | null,
};

type ListedTicket = ReturnType<typeof clientTicket>;

/**
 * The dashboard's list calls, answering with `tickets` as one page and its counters. The server's paging,
 * searching and counting are tested against the real API (packages/api/src/tickets/client-list.test.ts).
 */
export function clientTicketLists(tickets: ListedTicket[] | (() => ListedTicket[])) {
  const list = () => (typeof tickets === "function" ? tickets() : tickets);
  const count = (statuses: readonly string[]) => list().filter((t) => statuses.includes(t.status)).length;
  return {
    "clientPortal.ticketPage": () => ({ tickets: list(), nextCursor: null, matching: list().length }),
    "clientPortal.ticketCounts": () => ({
      open: count(CLIENT_STATUS_FILTERS.open.statuses),
      inProgress: count(CLIENT_STATUS_FILTERS.in_progress.statuses),
      resolved: count(CLIENT_STATUS_FILTERS.resolved.statuses),
      total: list().length,
    }),
  };
}
