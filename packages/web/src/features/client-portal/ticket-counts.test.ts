import { TICKET_STATUSES, type TicketStatus } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { countTickets } from "./ticket-counts";

const tickets = (...statuses: TicketStatus[]) => statuses.map((status) => ({ status }));

describe("client dashboard counters", () => {
  it("count NEW and TRIAGED as open, RESOLVED and CLOSED as resolved", () => {
    expect(countTickets(tickets("NEW", "TRIAGED", "IN_PROGRESS", "RESOLVED", "CLOSED", "CLOSED"))).toEqual({
      open: 2,
      inProgress: 1,
      resolved: 3,
      total: 6,
    });
  });

  it("count waiting and on-hold tickets in the total only", () => {
    expect(countTickets(tickets("WAITING_CUSTOMER", "ON_HOLD"))).toEqual({
      open: 0,
      inProgress: 0,
      resolved: 0,
      total: 2,
    });
  });

  it("put every status in at most one group", () => {
    const counts = countTickets(tickets(...TICKET_STATUSES));
    expect(counts.open + counts.inProgress + counts.resolved).toBeLessThanOrEqual(counts.total);
    expect(counts.total).toBe(TICKET_STATUSES.length);
  });

  it("count nothing for no tickets", () => {
    expect(countTickets([])).toEqual({ open: 0, inProgress: 0, resolved: 0, total: 0 });
  });
});
