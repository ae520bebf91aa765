import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import { tableRows } from "../../test/table-rows";

const { api, answerDefaults } = setupStaffTest();

const POISON = {
  id: "q-poison",
  via: "imap",
  reason: "too many MIME parts",
  detail: "Max allowed child nodes exceeded",
  fromAddress: "client@acme.test",
  subject: '<img src=x onerror="alert(1)"> Nested parts',
  size: 90_000,
  imapFolder: "Quarantine",
  attempts: 1,
  quarantinedAt: "2026-03-02T14:00:00.000Z",
  lastTriedAt: "2026-03-02T14:00:00.000Z",
};
const GOOD = {
  ...POISON,
  id: "q-good",
  via: "webhook",
  reason: "could not be stored",
  subject: "Printer offline",
  imapFolder: null,
};

/** A quarantine that answers like the server: retry of the good mail takes it in, the poison stays. */
function serveQuarantine() {
  let mails = [POISON, GOOD];
  api.on({
    "mail.list": () => ({ mails: [] }),
    "mailIn.received": () => ({ mails: [] }),
    "mailIn.quarantined": () => ({ mails }),
    "mailIn.retryQuarantined": ({ id }: { id: string }) => {
      if (id === GOOD.id) {
        mails = mails.filter((m) => m.id !== id);
        return { outcome: "ticket", reason: null };
      }
      return { outcome: "quarantined", reason: "too many MIME parts" };
    },
    "mailIn.deleteQuarantined": ({ id }: { id: string }) => {
      mails = mails.filter((m) => m.id !== id);
      return { id };
    },
  });
}

describe("the quarantined mails on /mail/quarantine", () => {
  it("lists each mail's sender, subject as plain text, reason and folder", async () => {
    answerDefaults();
    serveQuarantine();
    signInAs("ADMIN");
    renderApp("/mail/quarantine");
    const [poisonRow, goodRow] = await tableRows("Quarantined emails");
    expect(within(poisonRow!).getByText(POISON.subject)).toBeTruthy();
    expect(document.querySelector("img[src=x]")).toBeNull();
    expect(within(poisonRow!).getByText("too many MIME parts")).toBeTruthy();
    expect(within(poisonRow!).getByText("Max allowed child nodes exceeded")).toBeTruthy();
    expect(within(poisonRow!).getByText("via imap, in the folder Quarantine")).toBeTruthy();
    expect(within(goodRow!).getByText("could not be stored")).toBeTruthy();
  });

  it("retries: a mail taken in leaves the list; one that fails again stays, with the reason", async () => {
    answerDefaults();
    serveQuarantine();
    signInAs("ADMIN");
    renderApp("/mail/quarantine");
    await tableRows("Quarantined emails");
    fireEvent.click(screen.getByRole("button", { name: "Retry Printer offline" }));
    expect(await screen.findByText("Email taken in")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Printer offline")).toBeNull());
    expect(api.callsTo("mailIn.retryQuarantined")[0]!.input).toEqual({ id: GOOD.id });

    fireEvent.click(screen.getByRole("button", { name: `Retry ${POISON.subject}` }));
    expect(await screen.findByText("The email is still quarantined: too many MIME parts.")).toBeTruthy();
    expect(await tableRows("Quarantined emails")).toHaveLength(1);
  });

  it("deletes a mail after asking, and says when none is left", async () => {
    answerDefaults();
    serveQuarantine();
    signInAs("ADMIN");
    renderApp("/mail/quarantine");
    await tableRows("Quarantined emails");
    fireEvent.click(screen.getByRole("button", { name: "Delete Printer offline" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Quarantined Email" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Quarantined email deleted")).toBeTruthy();
    expect(api.callsTo("mailIn.deleteQuarantined")[0]!.input).toEqual({ id: GOOD.id });
    await waitFor(() => expect(screen.queryByText("Printer offline")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: `Delete ${POISON.subject}` }));
    const again = await screen.findByRole("dialog", { name: "Delete Quarantined Email" });
    fireEvent.click(within(again).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No quarantined emails.")).toBeTruthy();
  });

  it("is linked from /mail for an ADMIN only", async () => {
    answerDefaults();
    serveQuarantine();
    signInAs("ADMIN");
    renderApp("/mail");
    expect(await screen.findByRole("link", { name: "Quarantined mail" })).toBeTruthy();
  });

  it("shows an AGENT no way to it", async () => {
    answerDefaults();
    serveQuarantine();
    signInAs("AGENT");
    renderApp("/mail");
    expect(await screen.findByText("No emails received yet.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Quarantined mail" })).toBeNull();
  });
});
