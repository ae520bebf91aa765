import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken } from "../../lib/auth-storage";
import { failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { metricsOverview, staffTicket, ticketPage } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults, sockets } = setupStaffTest();

async function openDashboard(path = "/dashboard") {
  signInAs("ADMIN", "Alex Morgan");
  const view = renderApp(path);
  await screen.findByRole("heading", { name: "Dashboard", level: 1 });
  return view;
}

const card = (label: string) => within(screen.getByRole("group", { name: label }));
const lastListInput = () => api.callsTo("tickets.list").at(-1)!.input;

function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  fireEvent.click(screen.getByRole("option", { name: option, hidden: true }));
}

describe("staff dashboard", () => {
  it("shows the role badge, the Inventory button, the four metric cards and the status counts", async () => {
    answerDefaults();
    api.on({
      "metrics.overview": () => ({
        ...metricsOverview({
          statusCounts: { NEW: 3, IN_PROGRESS: 2, RESOLVED: 4, CLOSED: 1 },
          overdue: 1,
          dueToday: 2,
          slaAtRisk: 3,
        }),
        trend: [
          { day: "2026-11-19", created: 2, resolved: 1 },
          { day: "2026-11-20", created: 3, resolved: 0 },
        ],
      }),
    });
    await openDashboard();

    expect(screen.getByText("ADMIN")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Inventory" }).getAttribute("href")).toBe("/inventory");
    await waitFor(() => expect(card("Open Tickets").getByText("5")).toBeTruthy());
    expect(card("Overdue").getByText("1")).toBeTruthy();
    expect(card("Due Today").getByText("2")).toBeTruthy();
    expect(card("SLA At Risk").getByText("3")).toBeTruthy();
    expect(card("Open Tickets").getByText("5 opened · 1 resolved in 2 days")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show Resolved · 4 tickets" })).toBeTruthy();
    expect(api.callsTo("metrics.overview")[0]!.input).toEqual({ range: "7d" });
  });

  it("lists tickets with their badges, each linking to /tickets/{id}, and offers New Ticket", async () => {
    answerDefaults();
    const ticket = staffTicket({ title: "VPN drops every few minutes", status: "IN_PROGRESS", priority: "P1" });
    api.on({ "tickets.list": () => ticketPage([ticket]) });
    await openDashboard();

    const link = await screen.findByRole("link", { name: "VPN drops every few minutes" });
    expect(link.getAttribute("href")).toBe(`/tickets/${ticket.id}`);
    const row = within(link.closest("tr")!);
    expect(row.getByText("In Progress")).toBeTruthy();
    expect(row.getByText("P1 Critical")).toBeTruthy();
    expect(row.getByText("Unassigned")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New Ticket" }).getAttribute("href")).toBe("/tickets/new");
    // The first call carries no filters at all ("all" and empty are never sent), 20 a page.
    expect(api.callsTo("tickets.list")[0]!.input).toEqual({ page: 1, pageSize: 20 });
  });

  it("filters by status and priority with the staff labels, and searches", async () => {
    answerDefaults();
    const { router } = await openDashboard();

    pick("Status", "Waiting on Customer");
    await waitFor(() => expect(lastListInput()).toEqual({ status: "WAITING_CUSTOMER", page: 1, pageSize: 20 }));

    fireEvent.click(screen.getByRole("combobox", { name: "Priority" }));
    const listbox = within(screen.getByRole("listbox", { name: "Priority", hidden: true }));
    const labels = listbox.getAllByRole("option", { hidden: true }).map((o) => o.textContent);
    expect(labels).toEqual(["All Priorities", "P1 Critical", "P2 High", "P3 Normal", "P4 Low"]);
    fireEvent.click(screen.getByRole("option", { name: "P2 High", hidden: true }));
    await waitFor(() => expect(lastListInput()).toMatchObject({ status: "WAITING_CUSTOMER", priority: "P2" }));

    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: "printer" } });
    await waitFor(() =>
      expect(lastListInput()).toEqual({
        q: "printer",
        status: "WAITING_CUSTOMER",
        priority: "P2",
        page: 1,
        pageSize: 20,
      }),
    );
    expect(router.state.location.search).toMatchObject({ q: "printer", status: "WAITING_CUSTOMER", priority: "P2" });

    pick("Status", "All Statuses");
    await waitFor(() => expect(lastListInput()).toEqual({ q: "printer", priority: "P2", page: 1, pageSize: 20 }));
  });

  it("pages through 20 tickets at a time and starts again at page 1 when a filter changes", async () => {
    answerDefaults();
    api.on({
      "tickets.list": (input: { page: number }) =>
        ticketPage(
          Array.from({ length: input.page === 3 ? 5 : 20 }, () => staffTicket()),
          { total: 45, page: input.page },
        ),
    });
    await openDashboard();

    expect(await screen.findByText("Showing 1–20 of 45")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "3" }));
    expect(await screen.findByText("Showing 41–45 of 45")).toBeTruthy();
    expect(lastListInput()).toEqual({ page: 3, pageSize: 20 });

    pick("Status", "New");
    await waitFor(() => expect(lastListInput()).toEqual({ status: "NEW", page: 1, pageSize: 20 }));
  });

  it("says when the server stopped counting", async () => {
    answerDefaults();
    api.on({ "tickets.list": () => ticketPage([staffTicket()], { total: 10_000, totalCapped: true }) });
    await openDashboard();
    expect(await screen.findByText("Showing 1–20 of 10,000+")).toBeTruthy();
  });

  it("says a view holds 10,000+ tickets when the server stopped counting it", async () => {
    answerDefaults();
    api.on({
      "views.counts": () => ({ mine: 12, unassigned: 10_001, "at-risk": 0, overdue: 3, waiting: 0, open: 10_001 }),
    });
    await openDashboard();
    const nav = within(screen.getByRole("navigation", { name: "Ticket views" }));
    expect(await nav.findByLabelText("10,000+ tickets", { selector: "[data-count='unassigned']" })).toBeTruthy();
    expect(nav.getByLabelText("12 tickets").textContent).toBe("12");
  });

  it("opens on the page and filters of the address", async () => {
    answerDefaults();
    await openDashboard("/dashboard?status=ON_HOLD&priority=P4&page=2&q=wifi");
    await waitFor(() =>
      expect(lastListInput()).toEqual({ q: "wifi", status: "ON_HOLD", priority: "P4", page: 2, pageSize: 20 }),
    );
    expect((screen.getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe("wifi");
  });

  it("says Failed to fetch metrics and Failed to fetch tickets when those calls fail", async () => {
    answerDefaults();
    api.on({
      "metrics.overview": failsWith("INTERNAL_SERVER_ERROR", "Internal server error"),
    });
    await openDashboard();
    expect(await screen.findByText("Failed to fetch metrics")).toBeTruthy();

    api.on({
      "tickets.list": failsWith("INTERNAL_SERVER_ERROR", "Internal server error"),
    });
    pick("Status", "New");
    await waitFor(() => expect(screen.getAllByText("Failed to fetch tickets").length).toBeGreaterThan(0));
  });

  it("sends a dead session to /admin with Authentication required and forgets it", async () => {
    answerDefaults();
    api.on({
      "tickets.list": failsWith("UNAUTHORIZED", "Authentication required"),
    });
    const { router } = await openDashboard();

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByText("Authentication required")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });

  it("refreshes the list and the metrics when a live ticket or SLA event arrives", async () => {
    answerDefaults();
    await openDashboard();
    await waitFor(() => expect(api.callsTo("tickets.list")).toHaveLength(1));
    const socket = sockets()[0]!;
    expect(socket.url).toMatch(/\/ws\?token=wst_fake\d+$/); // a one-time ticket, never the stored token

    api.on({ "tickets.list": () => ticketPage([staffTicket({ title: "Raised by the client just now" })]) });
    socket.emit({ type: "ticket.created", ticketId: "0190f3a2-0000-7000-8000-000000000999" });
    expect(await screen.findByRole("link", { name: "Raised by the client just now" })).toBeTruthy();
    expect(api.callsTo("metrics.overview")).toHaveLength(2);

    socket.emit({ type: "sla.state", ticketId: "0190f3a2-0000-7000-8000-000000000999" });
    await waitFor(() => expect(api.callsTo("metrics.overview")).toHaveLength(3));
    expect(api.callsTo("tickets.list")).toHaveLength(3);
  });

  it("signs out: ends the session on the server, forgets it here and goes to /admin", async () => {
    answerDefaults();
    api.on({ "auth.logout": () => ({ success: true }) });
    const { router } = await openDashboard();

    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(api.callsTo("auth.logout")).toHaveLength(1);
    expect(readAuthToken()).toBeNull();
    expect(sockets()[0]!.closed).toBe(true);
  });
});
