// The ticket fields the client and the staff views share (@repo/validators tickets.ts), for the
// fixtures of both portals' component tests.
import type { TicketPriority, TicketStatus, TicketType } from "@repo/validators";

let sequence = 0;

/** A new ticket each call: the id and title carry a running number so that lists hold distinct tickets. */
export function ticketCore(clientId: string) {
  sequence += 1;
  const id = `0190f3a2-0000-7000-8000-${String(sequence).padStart(12, "0")}`;
  return {
    id,
    title: `Printer jams on page two (${sequence})`,
    description: "The reception printer jams on every second page since Monday.",
    type: "INCIDENT" as TicketType,
    priority: "P3" as TicketPriority,
    status: "NEW" as TicketStatus,
    requesterName: "Dana Whitfield",
    requesterEmail: "client@acme.test",
    clientId,
    tags: [] as string[],
    createdAt: "2026-11-20T14:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    mergedIntoId: null as string | null,
    version: 1,
  };
}
