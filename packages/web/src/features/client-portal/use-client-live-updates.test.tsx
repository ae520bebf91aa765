import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acmeProfile, clientTicket, clientTicketLists } from "../../test/client-fixtures";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

/** The browser's WebSocket, played by the test: it records sockets and lets the "server" send. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close(code: number) {
    this.closedWith = code;
  }
  send() {}
}

const serverSends = (message: object) =>
  act(() => FakeSocket.opened.at(-1)!.onmessage?.({ data: JSON.stringify(message) }));

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("client live updates", () => {
  const ticket = clientTicket({
    id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd5678",
    title: "VPN disconnects every few minutes",
  });

  it("connect with a socket ticket once signed in, refresh the list and say 'Ticket Updated' on the dashboard", async () => {
    let status = "NEW";
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists(() => [{ ...ticket, status: status as never }]),
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client-dashboard");
    await screen.findByText("VPN disconnects every few minutes");

    // A one-time ticket from auth.socketTicket, never the stored session token (attack review finding 8).
    expect(FakeSocket.opened.map((s) => s.url)).toEqual([
      expect.stringMatching(/^ws:\/\/localhost:3000\/ws\?token=wst_fake\d+$/),
    ]);
    status = "IN_PROGRESS";
    serverSends({ type: "ticket.updated", ticketId: ticket.id });

    expect(await screen.findByText("Ticket Updated")).toBeTruthy();
    expect(await screen.findByText("In Progress")).toBeTruthy();
    expect(api.callsTo("clientPortal.ticketPage").length).toBeGreaterThanOrEqual(2);
  });

  it("refresh an open ticket when a comment arrives, without the dashboard's toast", async () => {
    let comments: { id: string; authorName: string; content: string; createdAt: string }[] = [];
    api.on({ "clientPortal.ticket": () => ({ ...ticket, comments }) });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp(`/client/tickets/${ticket.id}`);
    await screen.findByRole("heading", { name: "VPN disconnects every few minutes" });

    comments = [
      {
        id: "c1",
        authorName: "Sam Patel",
        content: "We pushed a new VPN profile.",
        createdAt: "2026-11-21T09:00:00.000Z",
      },
    ];
    serverSends({ type: "comment.created", ticketId: ticket.id });

    expect(await screen.findByText("We pushed a new VPN profile.")).toBeTruthy();
    expect(screen.queryByText("Ticket Updated")).toBeNull();
    // No toast here, but a screen reader hears it (a live region announces live updates).
    expect(screen.getByTestId("live-announcer").textContent).toBe("A new comment on ticket #abcd5678.");
  });

  it("close the socket normally when the visitor signs out", async () => {
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists([]),
      "auth.logout": () => ({ success: true }),
    });
    signInAs("CLIENT", "Dana Whitfield");
    const { router } = renderApp("/client-dashboard");
    const logout = await screen.findByRole("button", { name: "Logout" });

    act(() => logout.click());

    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect(FakeSocket.opened[0]!.closedWith).toBe(1000);
  });
});
