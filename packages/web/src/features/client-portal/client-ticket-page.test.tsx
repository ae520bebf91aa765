import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { acmeProfile, clientTicket, clientTicketLists } from "../../test/client-fixtures";
import { FakeApiError, failsWith, setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

/** Opens the ticket's page and waits until it has loaded. */
async function openTicket(ticket: ReturnType<typeof clientTicket>) {
  api.on({
    "clientPortal.ticket": ({ id }) => {
      if (id !== ticket.id) throw new FakeApiError("NOT_FOUND", "Ticket not found");
      return ticket;
    },
    ...clientTicketLists([ticket]),
    "clientPortal.profile": () => acmeProfile,
  });
  signInAs("CLIENT", "Dana Whitfield");
  const view = renderApp(`/client/tickets/${ticket.id}`);
  await screen.findByRole("heading", { name: ticket.title });
  return view;
}

describe("client ticket detail", () => {
  it("shows the billable time on the ticket only where the company shows time", async () => {
    const ticket = clientTicket({ id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd7101", title: "Toner streaks" });
    api.on({
      "time.clientTicketTime": () => ({
        shown: true,
        billableMinutes: 80,
        entries: [
          { date: "2026-11-20", minutes: 50, workTypeName: "Remote support", note: "Replaced the toner" },
          { date: "2026-11-21", minutes: 30, workTypeName: "On-site", note: "" },
        ],
      }),
    });
    const view = await openTicket(ticket);
    expect(await screen.findByRole("heading", { name: "Time on this ticket: 1 h 20 min" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your company's time by month" }).getAttribute("href")).toMatch(
      /^\/client\/time\?month=20\d{2}-\d{2}$/,
    );
    expect(screen.getByText(/Nov 20, 2026: 50 min of remote support: Replaced the toner/)).toBeTruthy();
    view.unmount();
    api.on({ "time.clientTicketTime": () => ({ shown: false, billableMinutes: 0, entries: [] }) });
    await openTicket(ticket);
    expect(screen.queryByText(/Time on this ticket/)).toBeNull();
  });

  it("names who else is copied on the staff's replies", async () => {
    const ticket = clientTicket({ id: "0190f3a2-aaaa-7bbb-8ccc-1234abcdcc01", title: "Shared drive missing" });
    const address = (email: string) => ({ id: email, email, addedVia: "mail", addedAt: "2026-11-20T15:00:00.000Z" });
    api.on({
      "clientPortal.ticketCc": ({ id }) => {
        if (id !== ticket.id) throw new FakeApiError("NOT_FOUND", "Ticket not found");
        return { copyOnReplies: true, addresses: [address("tom@acme.test"), address("partner@lawfirm.example")] };
      },
    });
    await openTicket(ticket);
    expect(await screen.findByText("Copied on replies")).toBeTruthy();
    expect(screen.getByText("tom@acme.test, partner@lawfirm.example")).toBeTruthy();
  });

  it("shows the short reference, the ticket and its comments", async () => {
    const ticket = clientTicket({
      id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd5678",
      title: "VPN disconnects every few minutes",
      comments: [
        {
          id: "c1",
          authorName: "Sam Patel",
          content: "Can you send us the VPN client log?",
          createdAt: "2026-11-20T16:00:00.000Z",
        },
      ],
      attachments: [
        { id: "a1", filename: "vpn-error.png", contentType: "image/png", size: 500, commentId: null, inline: false },
        { id: "a2", filename: "vpn.log", contentType: "text/plain", size: 4096, commentId: "c1", inline: false },
      ],
    });
    await openTicket(ticket);

    expect(await screen.findByRole("heading", { name: "Ticket #abcd5678" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "VPN disconnects every few minutes" })).toBeTruthy();
    expect(within(screen.getByTestId("comment")).getByText("Can you send us the VPN client log?")).toBeTruthy();
    // The ticket's own image is previewed under the description; the comment's file is under the comment.
    expect(screen.getByRole("img", { name: "vpn-error.png" }).getAttribute("src")).toBe("/api/attachments/a1");
    const log = within(screen.getByTestId("comment")).getByRole("link", { name: "vpn.log" });
    expect(log.getAttribute("href")).toBe("/api/attachments/a2");
    expect(within(screen.getByTestId("comment")).getByText("4 KB")).toBeTruthy();
    expect(screen.getByRole("link", { name: "← Back" }).getAttribute("href")).toBe("/client");
    expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
  });

  it("shows the comments a page at a time, counting them all, and the next page after the last", async () => {
    const comment = (id: string, content: string) => ({
      id,
      authorName: "Sam Patel",
      content,
      createdAt: "2026-11-20T16:00:00.000Z",
    });
    const ticket = clientTicket({});
    api.on({
      "clientPortal.commentPage": (input: { id: string; cursor?: string }) =>
        input.cursor === "c1"
          ? { comments: [comment("c2", "Second reply")], nextCursor: null, total: 2 }
          : { comments: [comment("c1", "First reply")], nextCursor: "c1", total: 2 },
    });
    await openTicket(ticket);

    expect(await screen.findByText("First reply")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Comments (2)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more comments (1 of 2 shown)" }));
    expect(await screen.findByText("Second reply")).toBeTruthy();
    expect(api.callsTo("clientPortal.commentPage").at(-1)!.input).toMatchObject({ id: ticket.id, cursor: "c1" });
    expect(screen.getAllByTestId("comment")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Show more comments/ })).toBeNull();
  });

  it.each(["RESOLVED", "CLOSED"] as const)("refuses editing a %s ticket with the spec's note", async (status) => {
    await openTicket(clientTicket({ status }));

    expect(await screen.findByText(`This ticket is ${status} and cannot be edited.`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Ticket" })).toHaveProperty("disabled", true);
  });

  it("saves title, description and priority and says 'Ticket updated'", async () => {
    const ticket = clientTicket({ title: "Printer jams on page two" });
    await openTicket(ticket);
    api.on({ "clientPortal.updateTicket": ({ id, ...changes }) => ({ ...ticket, ...changes }) });

    fireEvent.click(await screen.findByRole("button", { name: "Edit Ticket" }));
    const form = within(screen.getByRole("form", { name: "Edit Ticket" }));
    fireEvent.change(form.getByLabelText(/Title/), { target: { value: "Printer jams on every page" } });
    fireEvent.click(form.getByRole("button", { name: "Save Changes" }));

    // Only the changed field, with the version it was based on (docs/architecture.md §8a).
    await api.expectSaved("Ticket updated", "clientPortal.updateTicket", {
      id: ticket.id,
      title: "Printer jams on every page",
      version: ticket.version,
    });
    // The form is gone: focus is back on the button that opened it, not lost to the page (WCAG 2.4.3).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Ticket" })));
  });

  it("checks the edit with the spec's messages", async () => {
    await openTicket(clientTicket());
    fireEvent.click(await screen.findByRole("button", { name: "Edit Ticket" }));
    const form = within(screen.getByRole("form", { name: "Edit Ticket" }));
    fireEvent.change(form.getByLabelText(/Title/), { target: { value: "abc" } });
    fireEvent.change(form.getByLabelText(/Description/), { target: { value: "short" } });
    fireEvent.click(form.getByRole("button", { name: "Save Changes" }));

    expect(await form.findByText("Title must be at least 5 characters")).toBeTruthy();
    expect(form.getByText("Description must be at least 20 characters")).toBeTruthy();
    expect(api.callsTo("clientPortal.updateTicket")).toHaveLength(0);
  });

  it("shows the server's error when the update is refused", async () => {
    await openTicket(clientTicket());
    api.on({
      "clientPortal.updateTicket": failsWith("CONFLICT", "This ticket is RESOLVED and cannot be edited."),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Ticket" }));
    fireEvent.click(
      within(screen.getByRole("form", { name: "Edit Ticket" })).getByRole("button", { name: "Save Changes" }),
    );

    expect(await screen.findByText("Error")).toBeTruthy();
    expect(screen.getByText("This ticket is RESOLVED and cannot be edited.")).toBeTruthy();
  });

  it("shows the failure screen and 'Failed to fetch ticket' for a ticket it cannot see", async () => {
    const { router } = await openTicket(clientTicket());
    await router.navigate({ to: "/client/tickets/$id", params: { id: "0190f3a2-0000-7000-8000-ffffffffffff" } });

    expect(await screen.findByText("Ticket not found or you don't have permission to view it.")).toBeTruthy();
    expect(await screen.findByText("Failed to fetch ticket")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe("/client");
  });

  it("sends a 401 back to /client", async () => {
    api.on({
      "clientPortal.ticket": failsWith("UNAUTHORIZED", "Authentication required"),
      ...clientTicketLists([]),
      "clientPortal.profile": () => acmeProfile,
    });
    signInAs("CLIENT", "Dana Whitfield");
    const { router } = renderApp("/client/tickets/0190f3a2-0000-7000-8000-000000000001");

    await waitFor(() => expect(router.state.location.pathname).toBe("/client"));
  });

  it("adds a comment, refusing an empty one with the schema's message", async () => {
    const ticket = clientTicket();
    await openTicket(ticket);
    api.on({
      "clientPortal.addComment": ({ content }) => ({
        id: "c9",
        authorName: "Dana Whitfield",
        content,
        createdAt: "2026-11-21T10:00:00.000Z",
      }),
    });
    const form = within(await screen.findByRole("form", { name: "Add a comment" }));

    fireEvent.click(form.getByRole("button", { name: "Add Comment" }));
    expect(await form.findByText("Comment is required")).toBeTruthy();

    fireEvent.change(form.getByLabelText("Add a comment"), { target: { value: "Here is the log you asked for." } });
    fireEvent.click(form.getByRole("button", { name: "Add Comment" }));

    await api.expectSaved("Comment added", "clientPortal.addComment", {
      id: ticket.id,
      content: "Here is the log you asked for.",
    });
  });
});
