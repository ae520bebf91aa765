import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken } from "../../lib/auth-storage";
import { acmeProfile, clientTicket, clientTicketLists } from "../../test/client-fixtures";
import { failsWith, setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

function openDashboard(tickets: ReturnType<typeof clientTicket>[] = [], profile = acmeProfile) {
  api.on({ "clientPortal.profile": () => profile, ...clientTicketLists(tickets) });
  signInAs("CLIENT", "Dana Whitfield");
  return renderApp("/client-dashboard");
}

const counter = (label: string) => within(screen.getByRole("group", { name: label }));

/** Opens the inline New Ticket form and returns queries scoped to it. */
async function openNewTicketForm() {
  fireEvent.click(await screen.findByRole("button", { name: "New Ticket" }));
  return within(screen.getByRole("form", { name: "New Ticket" }));
}

/** Types a title and description into the New Ticket form and presses Create Ticket. */
function submitTicket(form: ReturnType<typeof within>, title: string, description: string) {
  fireEvent.change(form.getByLabelText(/Title/), { target: { value: title } });
  fireEvent.change(form.getByLabelText(/Description/), { target: { value: description } });
  fireEvent.click(form.getByRole("button", { name: "Create Ticket" }));
}

describe("client dashboard", () => {
  it("shows the company badge, the welcome and the four counters with the spec's groupings", async () => {
    openDashboard(
      ["NEW", "TRIAGED", "IN_PROGRESS", "WAITING_CUSTOMER", "RESOLVED", "CLOSED", "CLOSED"].map((status) =>
        clientTicket({ status: status as never }),
      ),
    );

    expect(await screen.findByTestId("company-badge")).toHaveProperty("textContent", "Acme Dental");
    expect(screen.getByRole("heading", { name: "Welcome, Dana Whitfield" })).toBeTruthy();
    await waitFor(() => expect(counter("Open Tickets").getByText("2")).toBeTruthy());
    expect(counter("In Progress").getByText("1")).toBeTruthy();
    expect(counter("Resolved").getByText("3")).toBeTruthy();
    expect(counter("Total").getByText("7")).toBeTruthy();
    expect(screen.getAllByTestId("ticket-card")).toHaveLength(7);
  });

  it("shows the empty state when the company has no tickets", async () => {
    openDashboard([]);
    expect(await screen.findByText("No tickets yet. Create your first support ticket above.")).toBeTruthy();
  });

  it("links each ticket card to its detail page", async () => {
    const ticket = clientTicket({ title: "VPN drops every few minutes" });
    openDashboard([ticket]);
    const card = await screen.findByRole("link", { name: /VPN drops every few minutes/ });
    expect(card.getAttribute("href")).toBe(`/client/tickets/${ticket.id}`);
  });

  it("validates the new ticket with the spec's messages and offers the client priority labels", async () => {
    openDashboard([]);
    const form = await openNewTicketForm();

    submitTicket(form, "Hey", "Too short");

    expect(await form.findByText("Title must be at least 5 characters")).toBeTruthy();
    expect(form.getByText("Description must be at least 20 characters")).toBeTruthy();
    expect(api.callsTo("clientPortal.createTicket")).toHaveLength(0);

    fireEvent.click(form.getByLabelText("Priority"));
    const labels = (await screen.findAllByRole("option", { hidden: true })).map((option) => option.textContent);
    expect(labels).toEqual(expect.arrayContaining(["P4 Low", "P3 Medium", "P2 High", "P1 Urgent"]));
  });

  it("creates a ticket as the signed-in requester with the defaults, and says so", async () => {
    openDashboard([]);
    api.on({ "clientPortal.createTicket": (input) => clientTicket(input) });
    const form = await openNewTicketForm();

    submitTicket(form, "Scanner saves to the wrong folder", "Every scan lands in the Downloads folder.");

    await api.expectSaved("Ticket created", "clientPortal.createTicket", {
      title: "Scanner saves to the wrong folder",
      description: "Every scan lands in the Downloads folder.",
      type: "REQUEST",
      priority: "P3",
      requesterName: "Dana Whitfield",
      requesterEmail: "client@example.test",
    });
    await waitFor(() => expect(screen.queryByRole("form", { name: "New Ticket" })).toBeNull());
  });

  it("keeps the form and shows the spec's toast when creation fails", async () => {
    openDashboard([]);
    api.on({
      "clientPortal.createTicket": failsWith("INTERNAL_SERVER_ERROR", "Internal server error"),
    });
    const form = await openNewTicketForm();
    submitTicket(form, "Scanner saves to the wrong folder", "Every scan lands in the Downloads folder.");

    expect(await screen.findByText("Failed to create ticket. Please try again.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "New Ticket" })).toBeTruthy();
  });

  it("shows the company profile read-only: 'Not provided' for no email, other fields only when present", async () => {
    openDashboard([], { ...acmeProfile, contactEmail: null, contactPhone: "416-555-0100", address: null });
    fireEvent.click(await screen.findByRole("tab", { name: "Company Profile" }));

    expect(await screen.findByText("Not provided")).toBeTruthy();
    expect(screen.getByText("416-555-0100")).toBeTruthy();
    expect(screen.queryByText("Address")).toBeNull();
    expect(screen.queryByText("Description")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("links the Device Inventory tab to /client/inventory", async () => {
    openDashboard([]);
    fireEvent.click(await screen.findByRole("tab", { name: "Device Inventory" }));
    expect((await screen.findByRole("link", { name: "Open Device Inventory" })).getAttribute("href")).toBe(
      "/client/inventory",
    );
  });

  it("logs out: removes the stored session and goes to /client-auth", async () => {
    const { router } = openDashboard([]);
    api.on({ "auth.logout": () => ({ success: true }) });
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect(readAuthToken()).toBeNull();
  });

  it("sends its logout with a JSON body ({}): the server refuses a mutation without one", async () => {
    const { router } = openDashboard([]);
    api.on({ "auth.logout": () => ({ success: true }) });
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect(api.callsTo("auth.logout")[0]!.input).toEqual({});
  });

  it("asks the server for the address's search, filter and order, and for the next page after the last", async () => {
    const [first, second] = [clientTicket({ title: "VPN drops" }), clientTicket({ title: "VPN slow" })];
    api.on({
      "clientPortal.profile": () => acmeProfile,
      "clientPortal.ticketCounts": () => ({ open: 2, inProgress: 0, resolved: 0, total: 30 }),
      "clientPortal.ticketPage": (input: { cursor?: string }) =>
        input.cursor === first!.id
          ? { tickets: [second], nextCursor: null, matching: 2 }
          : { tickets: [first], nextCursor: first!.id, matching: 2 },
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client?q=vpn&status=open&sort=priority");

    expect(await screen.findByText("VPN drops")).toBeTruthy();
    expect(api.callsTo("clientPortal.ticketPage")[0]!.input).toMatchObject({
      q: "vpn",
      status: "open",
      sort: "priority",
    });
    expect(await screen.findByText("2 of 30 tickets match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more tickets (1 of 2 shown)" }));

    expect(await screen.findByText("VPN slow")).toBeTruthy();
    expect(api.callsTo("clientPortal.ticketPage").at(-1)!.input).toMatchObject({ q: "vpn", cursor: first!.id });
    expect(screen.queryByRole("button", { name: /Show more tickets/ })).toBeNull();
  });

  it("shows 'Logout failed' with the error and keeps the session when logout fails", async () => {
    openDashboard([]);
    api.on({
      "auth.logout": failsWith("INTERNAL_SERVER_ERROR", "Internal server error"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));

    expect(await screen.findByText("Logout failed")).toBeTruthy();
    expect(screen.getByText("Internal server error")).toBeTruthy();
    expect(readAuthToken()).not.toBeNull();
  });
});

describe("client dashboard with an ended session", () => {
  it("clears the stored session and goes to /client-auth when the server answers 401", async () => {
    api.on({
      "clientPortal.profile": failsWith("UNAUTHORIZED", "Authentication required"),
      "clientPortal.ticketPage": failsWith("UNAUTHORIZED", "Authentication required"),
      "clientPortal.ticketCounts": failsWith("UNAUTHORIZED", "Authentication required"),
    });
    signInAs("CLIENT", "Dana Whitfield");
    const { router } = renderApp("/client");

    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect(readAuthToken()).toBeNull();
  });
});
