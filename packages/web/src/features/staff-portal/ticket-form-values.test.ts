import { describe, expect, it } from "vitest";
import { staffTicket } from "../../test/staff-fixtures";
import {
  EMPTY_TICKET_FORM,
  UNASSIGNED,
  ticketEditPayload,
  ticketFormValues,
  ticketPayload,
} from "./ticket-form-values";

describe("staff ticket form values", () => {
  it("start a new ticket with the spec's defaults and nobody assigned", () => {
    expect(EMPTY_TICKET_FORM).toMatchObject({ type: "REQUEST", priority: "P3", status: "NEW", assigneeId: UNASSIGNED });
  });

  it("send 'unassigned' as an empty string and always NEW for a new ticket", () => {
    const payload = ticketPayload(
      { ...EMPTY_TICKET_FORM, title: " Printer ", status: "CLOSED", clientId: "c1" },
      { editing: false },
    );
    expect(payload).toMatchObject({ title: "Printer", status: "NEW", assigneeId: "", clientId: "c1", tags: [] });
  });

  it("send the chosen status and assignee when editing, and keep the ticket's tags", () => {
    const values = { ...EMPTY_TICKET_FORM, status: "ON_HOLD" as const, assigneeId: "u-sam" };
    expect(ticketPayload(values, { editing: true, tags: ["vip"] })).toMatchObject({
      status: "ON_HOLD",
      assigneeId: "u-sam",
      tags: ["vip"],
    });
  });

  it("read a ticket into the form, its missing assignee as unassigned", () => {
    const ticket = staffTicket({ assigneeId: null });
    const values = ticketFormValues(ticket);
    expect(values.assigneeId).toBe(UNASSIGNED);
  });

  it("make an edit of the changed fields only, trimmed, unassigned as an empty string", () => {
    expect(ticketEditPayload({ title: "  New title ", assigneeId: UNASSIGNED })).toEqual({
      title: "New title",
      assigneeId: "",
    });
    expect(ticketEditPayload({ priority: "P1" })).toEqual({ priority: "P1" });
  });
});
