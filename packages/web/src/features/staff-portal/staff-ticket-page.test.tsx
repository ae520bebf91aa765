import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken } from "../../lib/auth-storage";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { ACME, AGENT_USER, BIRCH, staffTicket } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults, sockets } = setupStaffTest();

/** What the API answers to a comment: the comment, written by the signed-in agent. */
const commentOf = ({ id, content, internal }: { id: string; content: string; internal: boolean }) => ({
  id: "c3",
  ticketId: id,
  authorId: null,
  authorName: "Alex Morgan",
  content,
  internal,
  source: "staff",
  mailId: null,
  createdAt: "2026-11-20T18:00:00.000Z",
});

function openTicket(ticket: ReturnType<typeof staffTicket>, role: "ADMIN" | "AGENT" = "ADMIN") {
  answerDefaults();
  api.on({ "tickets.get": () => ticket });
  signInAs(role, "Alex Morgan");
  return renderApp(`/tickets/${ticket.id}`);
}

type Handlers = Parameters<typeof api.on>[0];

/** An admin opening `path`; `handlers` answer calls beyond the defaults. */
function openAsAdmin(path: string, handlers: Handlers = {}) {
  answerDefaults();
  api.on(handlers);
  signInAs("ADMIN");
  return renderApp(path);
}

/** An admin on /tickets/new with the client list loaded. */
async function openNewTicketScreen(handlers: Handlers = {}) {
  const view = openAsAdmin("/tickets/new", handlers);
  await screen.findByRole("heading", { name: "New Ticket", level: 1 });
  await waitFor(() => expect(api.callsTo("clients.list")).toHaveLength(1));
  return view;
}

function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  const listbox = within(screen.getByRole("listbox", { name: label, hidden: true }));
  fireEvent.click(listbox.getByRole("option", { name: option, hidden: true }));
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const failWith = (code: ConstructorParameters<typeof FakeApiError>[0], message: string) => () => {
  throw new FakeApiError(code, message);
};

describe("staff ticket screen: new ticket", () => {
  it("offers the spec's fields without Status or Delete, and Unassigned or non-VIEWER users to assign", async () => {
    answerDefaults();
    signInAs("AGENT");
    renderApp("/tickets/new");

    expect(await screen.findByRole("heading", { name: "New Ticket", level: 1 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ticket Details" })).toBeTruthy();
    for (const label of [/^Title/, /^Description/, /^Requester Name/]) {
      expect(screen.getByLabelText(label).hasAttribute("required")).toBe(true);
    }
    for (const label of ["Client", "Type", "Priority", "Assign To"]) {
      expect(screen.getByRole("combobox", { name: label })).toBeTruthy();
    }
    const email = screen.getByLabelText(/^Requester Email/);
    expect(email.getAttribute("type")).toBe("email");
    expect(email.hasAttribute("required")).toBe(true);
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Ticket" })).toBeNull();
    expect(screen.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");

    await waitFor(() => expect(api.callsTo("users.list")).toHaveLength(1));
    fireEvent.click(screen.getByRole("combobox", { name: "Assign To" }));
    const options = within(screen.getByRole("listbox", { name: "Assign To", hidden: true }))
      .getAllByRole("option", { hidden: true })
      .map((o) => o.textContent);
    expect(options).toEqual(["Unassigned", "Alex Morgan (admin@northwind.test)", "Sam Patel (agent@northwind.test)"]);
  });

  it("requires a client before calling the API", async () => {
    answerDefaults();
    signInAs("ADMIN");
    renderApp("/tickets/new");
    await screen.findByRole("heading", { name: "New Ticket", level: 1 });

    fireEvent.submit(screen.getByRole("button", { name: "Create Ticket" }).closest("form")!);
    expect(await screen.findByText("Please select a client")).toBeTruthy();
    expect(api.callsTo("tickets.create")).toHaveLength(0);
  });

  it("creates the ticket as NEW with unassigned sent as '', says so and returns to the dashboard", async () => {
    let created: ReturnType<typeof staffTicket> | undefined;
    const { router } = await openNewTicketScreen({
      "tickets.create": (input) => (created = staffTicket({ ...input, id: "0190f3a2-0000-7000-8000-0000feedbeef" })),
    });

    type(/^Title/, "Laptop for the new hygienist");
    pick("Client", BIRCH.name);
    type(/^Description/, "Needs a laptop by Monday.");
    pick("Type", "Task");
    pick("Priority", "P2 High");
    type(/^Requester Name/, "Jordan Birch");
    type(/^Requester Email/, "jordan@birch.test");
    fireEvent.click(screen.getByRole("button", { name: "Create Ticket" }));

    expect(await screen.findByText("Ticket created")).toBeTruthy();
    expect(screen.getByText("Ticket #feedbeef has been created successfully.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(created).toBeDefined();
    expect(api.callsTo("tickets.create")[0]!.input).toEqual({
      title: "Laptop for the new hygienist",
      description: "Needs a laptop by Monday.",
      type: "TASK",
      priority: "P2",
      status: "NEW",
      requesterName: "Jordan Birch",
      requesterEmail: "jordan@birch.test",
      clientId: BIRCH.id,
      assigneeId: "",
      tags: [],
    });
  });

  it("says Error with the server's text when saving fails, and stays", async () => {
    const { router } = await openNewTicketScreen({
      "tickets.create": failWith("BAD_REQUEST", "Please select a valid client"),
    });
    type(/^Title/, "Anything");
    pick("Client", ACME.name);
    type(/^Description/, "Anything at all.");
    type(/^Requester Name/, "Dana");
    type(/^Requester Email/, "dana@acme.test");
    fireEvent.click(screen.getByRole("button", { name: "Create Ticket" }));

    expect(await screen.findByText("Please select a valid client")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/tickets/new");
  });

  it("says Failed to fetch users when the assignee list cannot be loaded", async () => {
    openAsAdmin("/tickets/new", { "users.list": failWith("FORBIDDEN", "") });
    expect(await screen.findByText("Failed to fetch users")).toBeTruthy();
  });
});

describe("staff ticket screen: existing ticket", () => {
  it("shows Loading ticket... and then the ticket with its badges, fields and timestamps", async () => {
    const ticket = staffTicket({ status: "IN_PROGRESS", priority: "P1", title: "Server is down" });
    openTicket(ticket);

    expect(await screen.findByText("Loading ticket...")).toBeTruthy();
    expect(await screen.findByDisplayValue("Server is down")).toBeTruthy();
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe(`Ticket #${ticket.id.slice(-8)}`);
    expect(screen.getAllByText("In Progress").length).toBeGreaterThan(0);
    expect(screen.getAllByText("P1 Critical").length).toBeGreaterThan(0);
    expect((screen.getByRole("combobox", { name: "Status" }) as HTMLInputElement).value).toBe("In Progress");
    expect(screen.getByText(/^Created:/)).toBeTruthy();
    expect(screen.getByText(/^Updated:/)).toBeTruthy();
  });

  it("saves changes with the assignee, says Ticket updated and stays on the ticket", async () => {
    const ticket = staffTicket({ title: "Server is down" });
    const { router } = openTicket(ticket);
    api.on({
      "tickets.update": ({ id, ...patch }) =>
        staffTicket({
          ...ticket,
          ...patch,
          id,
          assignee: { id: AGENT_USER.id, name: AGENT_USER.name, email: AGENT_USER.email },
        }),
    });
    await screen.findByDisplayValue("Server is down");
    await waitFor(() => expect(api.callsTo("users.list")).toHaveLength(1));

    pick("Status", "Waiting on Customer");
    pick("Assign To", "Sam Patel (agent@northwind.test)");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeTruthy();

    expect(await screen.findByText("Ticket updated")).toBeTruthy();
    expect(screen.getByText(`Ticket #${ticket.id.slice(-8)} has been updated successfully.`)).toBeTruthy();
    // Only what the person changed, with the version the form was based on (docs/architecture.md §8a).
    expect(api.callsTo("tickets.update")[0]!.input).toEqual({
      id: ticket.id,
      status: "WAITING_CUSTOMER",
      assigneeId: AGENT_USER.id,
      version: ticket.version,
    });
    expect(router.state.location.pathname).toBe(`/tickets/${ticket.id}`);
    expect(await screen.findByRole("button", { name: "Save Changes" })).toBeTruthy();
  });

  it("sends unassigned as an empty string", async () => {
    const ticket = staffTicket({
      assigneeId: AGENT_USER.id,
      assignee: { id: AGENT_USER.id, name: AGENT_USER.name, email: AGENT_USER.email },
    });
    openTicket(ticket);
    api.on({
      "tickets.update": ({ id, ...patch }) =>
        staffTicket({ ...ticket, ...patch, id, assigneeId: null, assignee: null }),
    });
    await screen.findByDisplayValue(ticket.title);
    await waitFor(() => expect(api.callsTo("users.list")).toHaveLength(1));

    pick("Assign To", "Unassigned");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Ticket updated");
    expect(api.callsTo("tickets.update")[0]!.input.assigneeId).toBe("");
  });

  it("asks before deleting (ADMIN), with the spec's dialog, then deletes and returns to the dashboard", async () => {
    const ticket = staffTicket();
    const { router } = openTicket(ticket, "ADMIN");
    api.on({ "tickets.delete": ({ id }) => ({ success: true, id }) });
    await screen.findByDisplayValue(ticket.title);

    fireEvent.click(screen.getByRole("button", { name: "Delete Ticket" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete Ticket" }));
    expect(
      dialog.getByText(
        "This action cannot be undone. All comments and audit logs associated with this ticket will also be permanently deleted.",
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete Ticket" })).toBeNull());
    expect(api.callsTo("tickets.delete")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Ticket" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Ticket" })).getByRole("button", {
        name: "Delete Permanently",
      }),
    );
    expect(await screen.findByText("Ticket deleted")).toBeTruthy();
    expect(screen.getByText("The ticket has been permanently deleted.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("tickets.delete")[0]!.input).toEqual({ id: ticket.id });
  });

  it("shows the server's refusal when a delete is not allowed", async () => {
    const ticket = staffTicket();
    openTicket(ticket, "ADMIN");
    api.on({ "tickets.delete": failWith("FORBIDDEN", "Only administrators can delete tickets") });
    await screen.findByDisplayValue(ticket.title);

    fireEvent.click(screen.getByRole("button", { name: "Delete Ticket" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Ticket" })).getByRole("button", {
        name: "Delete Permanently",
      }),
    );
    expect(await screen.findByText("Only administrators can delete tickets")).toBeTruthy();
  });

  it("offers no Delete Ticket to an AGENT", async () => {
    const ticket = staffTicket();
    openTicket(ticket, "AGENT");
    await screen.findByDisplayValue(ticket.title);
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete Ticket" })).toBeNull();
  });

  it("says Ticket not found. for an unknown id", async () => {
    openAsAdmin("/tickets/0190f3a2-0000-7000-8000-00000000dead", {
      "tickets.get": failWith("NOT_FOUND", "Ticket not found"),
    });
    expect(await screen.findByText("Ticket not found.")).toBeTruthy();
  });

  it("shows Error loading ticket with the message and a way back", async () => {
    openAsAdmin("/tickets/0190f3a2-0000-7000-8000-00000000dead", {
      "tickets.get": failWith("INTERNAL_SERVER_ERROR", "Internal server error"),
    });
    expect(await screen.findByText("Error loading ticket: Internal server error")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe("/dashboard");
  });

  it("sends a 401 to /admin with Authentication required", async () => {
    const { router } = openAsAdmin("/tickets/0190f3a2-0000-7000-8000-00000000dead", {
      "tickets.get": failWith("UNAUTHORIZED", "Authentication required"),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByText("Authentication required")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });

  it("adds an internal note and shows notes apart from public replies", async () => {
    const ticket = staffTicket({
      comments: [
        {
          id: "c1",
          ticketId: "t",
          authorId: null,
          authorName: "Dana Whitfield",
          content: "Still broken.",
          internal: false,
          source: "email",
          mailId: "m1",
          createdAt: "2026-11-20T16:00:00.000Z",
        },
        {
          id: "c2",
          ticketId: "t",
          authorId: null,
          authorName: "Sam Patel",
          content: "Probably the toner.",
          internal: true,
          source: "staff",
          mailId: null,
          createdAt: "2026-11-20T17:00:00.000Z",
        },
      ],
      attachments: [
        { id: "a1", filename: "screenshot.png", contentType: "image/png", size: 2048, commentId: "c1", inline: true },
        {
          id: "a2",
          filename: "report.pdf",
          contentType: "application/pdf",
          size: 3 * 1024 * 1024,
          commentId: null,
          inline: false,
        },
      ],
    });
    openTicket(ticket);
    api.on({
      "tickets.addComment": commentOf,
    });
    await screen.findByDisplayValue(ticket.title);
    // The conversation loads a page at a time, after the ticket (docs/architecture.md §8).
    await screen.findByText("Probably the toner.");

    expect(
      screen.getByText("Probably the toner.").closest("[data-comment-kind]")!.getAttribute("data-comment-kind"),
    ).toBe("internal");
    expect(screen.getByText("Still broken.").closest("[data-comment-kind]")!.getAttribute("data-comment-kind")).toBe(
      "public",
    );
    // A reply that came by mail says so, and links to the original; staff's own note carries no origin.
    const fromMail = screen.getByText("Still broken.").closest("[data-comment-kind]") as HTMLElement;
    expect(within(fromMail).getByText("Email")).toBeTruthy();
    expect(within(fromMail).getByRole("link", { name: "Original mail" }).getAttribute("href")).toBe(
      "/api/mail/inbound/m1",
    );
    // Its files: the image previewed, each one a download; the ticket's own file above the conversation.
    expect(within(fromMail).getByRole("img", { name: "screenshot.png" }).getAttribute("src")).toBe(
      "/api/attachments/a1",
    );
    expect(within(fromMail).getByRole("link", { name: "screenshot.png" }).getAttribute("href")).toBe(
      "/api/attachments/a1",
    );
    expect(within(fromMail).queryByText("report.pdf")).toBeNull();
    expect(screen.getByRole("link", { name: "report.pdf" }).getAttribute("href")).toBe("/api/attachments/a2");
    expect(screen.getByText("3.0 MB")).toBeTruthy();
    const note = screen.getByText("Probably the toner.").closest("[data-comment-kind]") as HTMLElement;
    expect(within(note).queryByRole("link", { name: "Original mail" })).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "Internal note" }));
    fireEvent.change(screen.getByLabelText("Internal note (staff only)"), { target: { value: "Ordered a new drum." } });
    fireEvent.click(screen.getByRole("button", { name: "Add Note" }));

    await api.expectSaved("Note added", "tickets.addComment", {
      id: ticket.id,
      content: "Ordered a new drum.",
      internal: true,
    });
  });

  it("records time spent with a reply, typed as people write it, and refuses what is not a duration", async () => {
    const ticket = staffTicket();
    openTicket(ticket);
    api.on({ "tickets.addComment": commentOf });
    await screen.findByDisplayValue(ticket.title);
    fireEvent.change(screen.getByLabelText("Reply to the client"), { target: { value: "Replaced the fuser." } });
    fireEvent.change(screen.getByLabelText("Time spent"), { target: { value: "an hour" } });
    expect(await screen.findByText("Time spent must be like 25, 1h30 or 1:30")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send Reply" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("Time spent"), { target: { value: "1h30" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reply" }));
    await api.expectSaved("Reply sent", "tickets.addComment", {
      id: ticket.id,
      content: "Replaced the fuser.",
      internal: false,
      timeSpent: { minutes: 90 },
    });
    expect((screen.getByLabelText("Time spent") as HTMLInputElement).value).toBe("");
  });

  it("follows live changes to the ticket while the form is untouched", async () => {
    const ticket = staffTicket({ title: "Old title" });
    openTicket(ticket);
    await screen.findByDisplayValue("Old title");

    api.on({
      "tickets.get": () => ({ ...ticket, title: "Renamed by a colleague", version: 2 }),
    });
    sockets()[0]!.emit({ type: "ticket.updated", ticketId: ticket.id });
    expect(await screen.findByDisplayValue("Renamed by a colleague")).toBeTruthy();
  });

  it("shows a colleague's save, sets the person's edits aside and re-applies them on request", async () => {
    const ticket = staffTicket({ title: "Old title" });
    openTicket(ticket);
    await screen.findByDisplayValue("Old title");
    type(/^Title/, "My better title");

    api.on({ "tickets.get": () => ({ ...ticket, priority: "P1", version: 2 }) });
    sockets()[0]!.emit({ type: "ticket.updated", ticketId: ticket.id });
    expect(await screen.findByText("Someone else saved this ticket while you were editing it.")).toBeTruthy();
    // Their values in the form, the person's own change listed, and no save of stale values.
    expect((screen.getByRole("combobox", { name: "Priority" }) as HTMLInputElement).value).toBe("P1 Critical");
    expect(screen.getByDisplayValue("Old title")).toBeTruthy();
    expect(screen.getByText("Title: My better title")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Re-apply my changes" }));
    expect(await screen.findByDisplayValue("My better title")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Priority" }) as HTMLInputElement).value).toBe("P1 Critical");
    api.on({
      "tickets.update": ({ id, version: _, ...patch }) => ({ ...ticket, priority: "P1", ...patch, id, version: 3 }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Ticket updated");
    expect(api.callsTo("tickets.update")[0]!.input).toEqual({ id: ticket.id, title: "My better title", version: 2 });
  });

  it("on a save refused as stale, shows the current ticket and keeps the person's edit to re-apply", async () => {
    const ticket = staffTicket({ title: "Old title" });
    openTicket(ticket);
    await screen.findByDisplayValue("Old title");
    type(/^Title/, "My better title");
    const current = { ...ticket, priority: "P1", version: 2 };
    api.on({
      "tickets.update": () => {
        throw new FakeApiError("CONFLICT", "This ticket was changed by someone else.", { current });
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Changed elsewhere")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Priority" }) as HTMLInputElement).value).toBe("P1 Critical");
    expect(screen.getByText("Title: My better title")).toBeTruthy();
    expect(screen.getByDisplayValue("Old title")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("staff ticket screen: SLA", () => {
  const H = 3_600_000;
  const standing = (over: object) => ({
    dueAt: "2026-02-12T15:00:00.000Z",
    state: "running",
    remainingMs: 3 * H + 20 * 60_000,
    doneAt: null,
    targetMinutes: 480,
    ...over,
  });

  it("shows each target's business time left or overdue, the calendar and the time paused", async () => {
    const ticket = staffTicket();
    openTicket(ticket);
    api.on({
      "sla.ticket": () => ({
        at: new Date().toISOString(),
        runningUntil: null,
        calendar: { kind: "business", description: "Mon-Fri 9:00-17:00 America/Toronto, holidays excluded" },
        pausedMs: 2 * H,
        pausedSince: "2026-02-10T15:00:00.000Z",
        reopenedAt: null,
        response: standing({ state: "met", remainingMs: null, doneAt: "2026-02-09T16:00:00.000Z" }),
        resolution: standing({ state: "paused", remainingMs: -(H + 5 * 60_000) }),
      }),
    });
    const sla = within(await screen.findByRole("region", { name: "SLA" }));
    expect(await sla.findByText("Overdue by 1 h 5 min business time (clock paused)")).toBeTruthy();
    expect(sla.getByText("Met")).toBeTruthy();
    expect(sla.getByText("Mon-Fri 9:00-17:00 America/Toronto, holidays excluded")).toBeTruthy();
    expect(sla.getByText(/^2 h, paused since/)).toBeTruthy();
  });

  it("says so when the SLA cannot be loaded", async () => {
    openTicket(staffTicket());
    api.on({ "sla.ticket": failWith("INTERNAL_SERVER_ERROR", "boom") });
    const sla = within(await screen.findByRole("region", { name: "SLA" }));
    expect(await sla.findByText("The SLA could not be loaded.")).toBeTruthy();
  });

  it("offers to move a new ticket to In Progress with its first public reply, and keeps a note's status", async () => {
    const ticket = staffTicket({ status: "NEW" });
    openTicket(ticket);
    api.on({
      "tickets.addComment": commentOf,
      "tickets.update": ({ status }) => ({ ...ticket, status }),
    });
    await screen.findByDisplayValue(ticket.title);
    expect(screen.getByDisplayValue("In Progress").closest("div")).toBeTruthy();
    expect(screen.queryByDisplayValue("Keep New")).toBeNull();
    fireEvent.change(screen.getByLabelText("Reply to the client"), { target: { value: "Looking at it now." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reply" }));
    await api.expectSaved("Reply sent", "tickets.update", { id: ticket.id, status: "IN_PROGRESS" });

    // A note leaves the status alone unless the agent picks one.
    fireEvent.click(screen.getByRole("radio", { name: "Internal note" }));
    expect(await screen.findByDisplayValue("Keep New")).toBeTruthy();
  });
});
