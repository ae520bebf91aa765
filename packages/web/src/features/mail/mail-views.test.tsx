import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../app/app-providers";
import { createQueryClient } from "../../lib/query-client";
import { setupFakeApi } from "../../test/fake-api";
import { signInAs } from "../../test/sessions";
import { MailOutboxPage } from "./mail-outbox-page";
import { TicketMails } from "./ticket-mails";

const api = setupFakeApi();
const TICKET = "0198a000-0000-7000-8000-00000000abcd";

function mail(over: Record<string, unknown> = {}) {
  return {
    id: "0198a000-0000-7000-8000-000000000001",
    kind: "ticket.received",
    to: "pat@example.org",
    subject: "[Northwind IT #0000abcd] Printer jams",
    status: "sent",
    attempts: 1,
    lastError: null,
    ticketId: TICKET,
    nextAttemptAt: "2026-03-02T14:00:00.000Z",
    sentAt: "2026-03-02T14:00:05.000Z",
    createdAt: "2026-03-02T14:00:00.000Z",
    ...over,
  };
}
const failed = mail({
  id: "0198a000-0000-7000-8000-000000000002",
  kind: "ticket.reply",
  subject: "Re: [Northwind IT #0000abcd] Printer jams",
  status: "failed",
  attempts: 10,
  lastError: "EENVELOPE 550 mailbox unavailable",
  sentAt: null,
});

const renderView = (view: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{view}</AppProviders>);

describe("TicketMails", () => {
  it("lists the ticket's mails with their state, and offers an admin Retry on a failed one", async () => {
    api.on({
      "mail.ticketPage": () => ({ mails: [failed, mail()], nextCursor: null }),
      "mail.retry": ({ id }: { id: string }) => ({ ...failed, id, status: "pending", attempts: 0, lastError: null }),
    });
    signInAs("ADMIN");
    renderView(<TicketMails ticketId={TICKET} />);

    const received = await screen.findByRole("listitem", { name: "Ticket received to pat@example.org" });
    expect(within(received).getByText("Sent")).toBeTruthy();
    expect(within(received).queryByRole("button", { name: /Retry/ })).toBeNull();

    const reply = screen.getByRole("listitem", { name: "Staff reply to pat@example.org" });
    expect(within(reply).getByText("Failed · 10 tries")).toBeTruthy();
    expect(within(reply).getByText("EENVELOPE 550 mailbox unavailable")).toBeTruthy();
    expect(api.callsTo("mail.ticketPage")[0]!.input).toMatchObject({ id: TICKET });
    expect(screen.queryByRole("button", { name: "Show older emails" })).toBeNull();

    fireEvent.click(within(reply).getByRole("button", { name: "Retry the email to pat@example.org" }));
    await waitFor(() => expect(api.callsTo("mail.retry")).toHaveLength(1));
    expect(api.callsTo("mail.retry")[0]!.input).toEqual({ id: failed.id });
    expect(await screen.findByText("Mail queued again")).toBeTruthy();
    // The list is read again after the retry.
    await waitFor(() => expect(api.callsTo("mail.ticketPage")).toHaveLength(2));
  });

  it("offers no Retry to an agent", async () => {
    api.on({ "mail.ticketPage": () => ({ mails: [failed], nextCursor: null }) });
    signInAs("AGENT");
    renderView(<TicketMails ticketId={TICKET} />);
    expect(await screen.findByText("Failed · 10 tries")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Retry/ })).toBeNull();
  });

  it("says so when the ticket has no mails", async () => {
    api.on({ "mail.ticketPage": () => ({ mails: [], nextCursor: null }) });
    signInAs("AGENT");
    renderView(<TicketMails ticketId={TICKET} />);
    expect(await screen.findByText("No emails for this ticket.")).toBeTruthy();
  });

  it("shows the newest emails first and the older ones after the last, on request", async () => {
    const newer = mail({ subject: "Newer mail", to: "newer@example.org" });
    const older = mail({ id: "0198a000-0000-7000-8000-000000000002", subject: "Older mail", to: "older@example.org" });
    api.on({
      "mail.ticketPage": (input: { cursor?: string }) =>
        input.cursor === newer.id ? { mails: [older], nextCursor: null } : { mails: [newer], nextCursor: newer.id },
    });
    signInAs("AGENT");
    renderView(<TicketMails ticketId={TICKET} />);

    expect(await screen.findByRole("listitem", { name: "Ticket received to newer@example.org" })).toBeTruthy();
    expect(screen.queryByText("Older mail")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show older emails" }));
    expect(await screen.findByRole("listitem", { name: "Ticket received to older@example.org" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((item) => item.getAttribute("aria-label"))).toEqual([
      "Ticket received to newer@example.org",
      "Ticket received to older@example.org",
    ]);
    expect(api.callsTo("mail.ticketPage").at(-1)!.input).toMatchObject({ id: TICKET, cursor: newer.id });
    expect(screen.queryByRole("button", { name: "Show older emails" })).toBeNull();
  });
});

describe("MailOutboxPage", () => {
  it("shows the outbox with each mail's text, and filters by state", async () => {
    api.on({
      "mail.page": (input: { status?: string }) => ({
        nextCursor: null,
        mails: [
          mail({
            status: "pending",
            sentAt: null,
            attempts: 0,
            text: "Hello Pat,\n\nWe have received your support ticket #0000abcd.",
            html: null,
            headers: { "Reply-To": "support+0000abcd@northwind.test" },
          }),
        ].filter((m) => !input?.status || m.status === input.status),
      }),
    });
    signInAs("AGENT");
    renderView(<MailOutboxPage />);

    expect(await screen.findByRole("heading", { name: "Outbox", level: 1 })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: /\[Northwind IT #0000abcd\] Printer jams/ }));
    expect(await screen.findByText(/We have received your support ticket #0000abcd\./)).toBeTruthy();
    expect(screen.getByText("Reply-To: support+0000abcd@northwind.test")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Failed" }));
    expect(await screen.findByText("No emails.")).toBeTruthy();
    expect(api.callsTo("mail.page").map(({ input: { status } }) => ({ status }))).toEqual([
      { status: undefined },
      { status: "failed" },
    ]);
  });

  it("shows the newest emails first and the older ones after the last, on request", async () => {
    const older = mail({ id: "0198a000-0000-7000-8000-000000000002", subject: "Older mail", text: "", headers: {} });
    const newer = mail({ subject: "Newer mail", text: "", headers: {} });
    api.on({
      "mail.page": (input: { cursor?: string }) =>
        input.cursor === newer.id ? { mails: [older], nextCursor: null } : { mails: [newer], nextCursor: newer.id },
    });
    signInAs("AGENT");
    renderView(<MailOutboxPage />);

    expect(await screen.findByRole("button", { name: /Newer mail/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Older mail/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show older emails" }));
    expect(await screen.findByRole("button", { name: /Older mail/ })).toBeTruthy();
    expect(api.callsTo("mail.page").at(-1)!.input).toMatchObject({ cursor: newer.id });
    expect(screen.queryByRole("button", { name: "Show older emails" })).toBeNull();
  });
});
