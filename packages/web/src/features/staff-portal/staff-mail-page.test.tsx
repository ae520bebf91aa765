import { screen, within } from "@testing-library/react";
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
