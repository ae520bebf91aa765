import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import { tableRows } from "../../test/table-rows";

const { api, answerDefaults } = setupStaffTest();
const TICKET_ID = "0198a000-0000-7000-8000-00000000abcd";

describe("the received mails on /mail", () => {
  it("lists received mails with what each became, ignored ones included, and links to the original", async () => {
    answerDefaults();
    api.on({
      "mail.list": () => ({ mails: [] }),
      "mailIn.received": () => ({
        mails: [
          {
            id: "m-ticket",
            fromAddress: "client@acme.test",
            fromName: "Dana Whitfield",
            subject: "Printer offline",
            via: "imap",
            outcome: "ticket",
            reason: null,
            ticketId: TICKET_ID,
            enquiryId: null,
            size: 1200,
            receivedAt: "2026-03-02T14:00:00.000Z",
          },
          {
            id: "m-bounce",
            fromAddress: "mailer-daemon@mx.acme.test",
            fromName: null,
            subject: "Undelivered Mail Returned to Sender",
            via: "webhook",
            outcome: "ignored",
            reason: "bounce",
            ticketId: null,
            enquiryId: null,
            size: 900,
            receivedAt: "2026-03-02T13:00:00.000Z",
          },
        ],
      }),
    });
    signInAs("AGENT");
    renderApp("/mail");

    const [ticketRow, bounceRow] = await tableRows("Received emails");
    expect(within(ticketRow!).getByText("New ticket")).toBeTruthy();
    expect(within(ticketRow!).getByText("Dana Whitfield")).toBeTruthy();
    expect(within(ticketRow!).getByRole("link", { name: "Download" }).getAttribute("href")).toBe(
      "/api/mail/inbound/m-ticket",
    );
    expect(within(bounceRow!).getByText("Ignored")).toBeTruthy();
    expect(within(bounceRow!).getByText("bounce")).toBeTruthy();
    expect(within(bounceRow!).queryByText("Open ticket")).toBeNull();
    expect(within(ticketRow!).getByRole("link", { name: "Open ticket" }).getAttribute("href")).toBe(
      `/tickets/${TICKET_ID}`,
    );
  });

  it("says so when nothing came in", async () => {
    answerDefaults();
    api.on({ "mail.list": () => ({ mails: [] }), "mailIn.received": () => ({ mails: [] }) });
    signInAs("AGENT");
    renderApp("/mail");
    expect(await screen.findByText("No emails received yet.")).toBeTruthy();
  });
});

describe("mail in's state on /mail", () => {
  const FAILING = {
    configured: true,
    pollSeconds: 60,
    lastPollAt: "2026-03-02T14:10:00.000Z",
    lastSuccessAt: "2026-03-02T09:00:00.000Z",
    lastError: "The mailbox refused the sign-in: check IMAP_URL's user and IMAP_PASSWORD or the OAuth token",
    lastErrorAt: "2026-03-02T14:10:00.000Z",
    consecutiveFailures: 4,
    nextAttemptAt: "2026-03-02T14:26:00.000Z",
    readToday: 7,
    missingFiles: { checked: 200, missing: 0 },
  };

  it("shows an ADMIN that polling fails, why, how often, and when it tries next", async () => {
    answerDefaults();
    api.on({
      "mail.list": () => ({ mails: [] }),
      "mailIn.received": () => ({ mails: [] }),
      "mailIn.status": () => FAILING,
    });
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Mail in (IMAP)" });
    expect(await within(card).findByText("Failing")).toBeTruthy();
    expect(within(card).getByText("Failed 4 time(s) in a row")).toBeTruthy();
    expect(within(card).getByText(FAILING.lastError)).toBeTruthy();
    expect(within(card).getByText("Mails read today").nextElementSibling?.textContent).toBe("7");
    expect(within(card).getByText("Next attempt").nextElementSibling?.textContent).not.toBe("Never");
    expect(within(card).queryByText("Stored files are missing")).toBeNull();
  });

  it("warns an ADMIN when the newest attachments miss their files", async () => {
    answerDefaults();
    api.on({
      "mail.list": () => ({ mails: [] }),
      "mailIn.received": () => ({ mails: [] }),
      "mailIn.status": () => ({ ...FAILING, configured: false, missingFiles: { checked: 200, missing: 12 } }),
    });
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Mail in (IMAP)" });
    expect(await within(card).findByText("Stored files are missing")).toBeTruthy();
    expect(within(card).getByText(/^12 of the 200 newest attachments have no file/)).toBeTruthy();
  });

  it("says Working once a round succeeds, and keeps the old error as a note", async () => {
    answerDefaults();
    api.on({
      "mail.list": () => ({ mails: [] }),
      "mailIn.received": () => ({ mails: [] }),
      "mailIn.status": () => ({ ...FAILING, consecutiveFailures: 0, lastSuccessAt: "2026-03-02T14:27:00.000Z" }),
    });
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Mail in (IMAP)" });
    expect(await within(card).findByText("Working")).toBeTruthy();
    expect(within(card).queryByText(/time\(s\) in a row/)).toBeNull();
    expect(within(card).getByText(/^Last error/)).toBeTruthy();
  });

  it("is not shown to an agent, and not asked for", async () => {
    answerDefaults();
    api.on({ "mail.list": () => ({ mails: [] }), "mailIn.received": () => ({ mails: [] }) });
    signInAs("AGENT");
    renderApp("/mail");
    expect(await screen.findByText("No emails received yet.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Mail in (IMAP)" })).toBeNull();
    expect(api.callsTo("mailIn.status")).toHaveLength(0);
  });
});

describe("sending mail on /mail", () => {
  const STORED = {
    smtpUrl: "smtp://mailer@mail.maple.example:587",
    smtpPasswordStored: true,
    fromAddress: "help@maple.example",
    smtpFromEnvironment: false,
  };
  const answerMail = (settings = STORED) => {
    answerDefaults();
    api.on({
      "mail.list": () => ({ mails: [] }),
      "mailIn.received": () => ({ mails: [] }),
      "settings.mail": () => settings,
    });
  };

  it("shows an ADMIN the stored server without its password, and saves a new From address", async () => {
    answerMail();
    api.on({ "settings.updateMail": (input) => ({ ...STORED, ...(input as object) }) });
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Sending mail" });
    const server = (await within(card).findByLabelText("SMTP server")) as HTMLInputElement;
    expect(server.value).toBe(STORED.smtpUrl);
    expect(within(card).getByText(/Its password is stored and not shown/)).toBeTruthy();
    const from = within(card).getByLabelText("From address");
    fireEvent.change(from, { target: { value: "desk@maple.example" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save mail settings" }));
    await api.expectSaved("Mail settings saved", "settings.updateMail", {
      smtpUrl: STORED.smtpUrl,
      fromAddress: "desk@maple.example",
    });
  });

  it("says what is wrong with an address and sends nothing", async () => {
    answerMail();
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Sending mail" });
    fireEvent.change(await within(card).findByLabelText("SMTP server"), { target: { value: "http://mail.example" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save mail settings" }));
    expect(await within(card).findByText("The SMTP address must start with smtp:// or smtps://")).toBeTruthy();
    expect(api.callsTo("settings.updateMail")).toEqual([]);
  });

  it("tells an ADMIN when SMTP_URL wins over the stored server", async () => {
    answerMail({ ...STORED, smtpFromEnvironment: true });
    signInAs("ADMIN");
    renderApp("/mail");
    const card = await screen.findByRole("region", { name: "Sending mail" });
    expect(await within(card).findByText(/The SMTP_URL variable is set on the server/)).toBeTruthy();
  });

  it("is not shown to an agent, and not asked for", async () => {
    answerMail();
    signInAs("AGENT");
    renderApp("/mail");
    expect(await screen.findByText("No emails received yet.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Sending mail" })).toBeNull();
    expect(api.callsTo("settings.mail")).toHaveLength(0);
  });
});
