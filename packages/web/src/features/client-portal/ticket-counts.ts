// The four counters of the client dashboard (docs/product-spec.md §2) and the statuses each one groups.
import type { TicketStatus } from "@repo/validators";

export interface TicketCounts {
  open: number;
  inProgress: number;
  resolved: number;
  total: number;
}

const OPEN: readonly TicketStatus[] = ["NEW", "TRIAGED"];
const IN_PROGRESS: readonly TicketStatus[] = ["IN_PROGRESS"];
const RESOLVED: readonly TicketStatus[] = ["RESOLVED", "CLOSED"];

/** Open = NEW or TRIAGED, In Progress = IN_PROGRESS, Resolved = RESOLVED or CLOSED, Total = all of them. */
export function countTickets(tickets: readonly { status: TicketStatus }[]): TicketCounts {
  const count = (statuses: readonly TicketStatus[]) => tickets.filter((t) => statuses.includes(t.status)).length;
  return { open: count(OPEN), inProgress: count(IN_PROGRESS), resolved: count(RESOLVED), total: tickets.length };
}
