import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { ACME } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const incident = (overrides: Record<string, unknown> = {}) => ({
  id: "0190f3a2-0000-7000-8000-0000000000i1",
  title: "Mail delayed",
  status: "INVESTIGATING",
  impact: "major",
  isPublic: true,
  scheduledFor: null,
  scheduledUntil: null,
  createdAt: ago(1),
  updatedAt: ago(1),
  resolvedAt: null,
  services: [{ id: "s1", name: "Microsoft 365" }],
  clientIds: [ACME.id],
  ticketIds: [] as string[],
  updates: [{ id: "u1", status: "INVESTIGATING", message: "Inbound mail is delayed.", createdAt: ago(1) }],
  ...overrides,
});
const TICKET_ID = "0190f3a2-0000-7000-8000-0000000000t1";
const suggestion = {
  id: TICKET_ID,
  title: "No mail since 9",
  status: "OPEN",
  clientId: ACME.id,
  requesterName: "Dana Whitfield",
  createdAt: ago(0),
};

describe("the staff incident screens", () => {
  it("list the open incidents first, then the last 90 days, and leave out older ones", async () => {
    answerDefaults();
    api.on({
      "incidents.list": () => [
        incident({ id: "r1", title: "Backups late", status: "RESOLVED", createdAt: ago(2) }),
        incident({ id: "o1", title: "VPN down", createdAt: ago(3) }),
        incident({ id: "r2", title: "Printer driver", status: "RESOLVED", createdAt: ago(120) }),
      ],
    });
    signInAs("AGENT");
    renderApp("/incidents");
    const list = await screen.findByRole("list", { name: "Incidents" });
    const titles = within(list)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(titles).toEqual(["VPN down", "Backups late"]);
    expect(screen.getByRole("button", { name: "Declare incident" })).toBeTruthy();
  });

  it("give a VIEWER no way to declare, update or link", async () => {
    answerDefaults();
    api.on({
      "incidents.list": () => [incident()],
      "incidents.get": () => incident(),
      "incidents.suggestedTickets": () => [suggestion],
    });
    signInAs("VIEWER");
    renderApp("/incidents");
    await screen.findByRole("list", { name: "Incidents" });
    expect(screen.queryByRole("button", { name: "Declare incident" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Mail delayed" }));
    await screen.findByRole("list", { name: "Suggested tickets" });
    expect(screen.queryByRole("button", { name: /^Link #/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Post update" })).toBeNull();
  });

  it("link a suggested ticket and post an update that tells the linked tickets", async () => {
    answerDefaults();
    let current = incident();
    api.on({
      "incidents.get": () => current,
      "incidents.list": () => [current],
      "incidents.suggestedTickets": () => (current.ticketIds.length ? [] : [suggestion]),
      "incidents.linkTicket": (input: { id: string; ticketId: string }) => {
        current = incident({ ticketIds: [input.ticketId] });
        return current;
      },
      "tickets.get": () => ({ id: TICKET_ID, title: "No mail since 9", requesterName: "Dana Whitfield" }),
      "incidents.update": (input: { status: string; message: string }) => {
        current = incident({
          ticketIds: [TICKET_ID],
          status: input.status,
          updates: [{ id: "u2", status: input.status, message: input.message, createdAt: ago(0) }],
        });
        return { incident: current, ticketsCommented: 1, requestersMailed: 1, ticketsResolved: 0 };
      },
    });
    signInAs("AGENT");
    renderApp(`/incidents/${current.id}`);
    fireEvent.click(await screen.findByRole("button", { name: /^Link #/ }));
    const linked = await screen.findByRole("list", { name: "Linked tickets" });
    await waitFor(() => expect(linked.textContent).toContain("No mail since 9"));
    expect(api.callsTo("incidents.linkTicket")[0]!.input).toEqual({ id: current.id, ticketId: TICKET_ID });

    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "Fixed upstream." } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Tell the linked tickets/ }));
    fireEvent.click(screen.getByRole("button", { name: "Post update" }));
    expect(await screen.findByText(/1 ticket told, 1 requester mailed/)).toBeTruthy();
    expect(api.callsTo("incidents.update")[0]!.input).toEqual({
      id: current.id,
      status: "INVESTIGATING",
      message: "Fixed upstream.",
      notifyTickets: true,
      resolveTickets: false,
    });
  });
});
