// The status page's mail (docs/features.md §18) over HTTP and a real SMTP server: double opt-in (nothing
// but the confirmation goes to an unconfirmed address, and opening the link does not confirm), updates of
// public incidents only, and the one-click unsubscribe of RFC 8058.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Incident } from "@repo/validators";
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from "../mail/smtp-test-server.js";
import { createMailWorker, createSmtpTransport, type MailWorker } from "../mail/worker.js";
import { AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([AGENT]);
let smtp: SmtpTestServer;
let worker: MailWorker;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  worker = createMailWorker({
    db: server.services.db,
    files: server.services.files,
    transport: createSmtpTransport(smtp.url),
  });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.stop();
});

/** The mails that one action caused, as the SMTP server received them. */
async function mailsOf(action: () => Promise<unknown>): Promise<ReceivedMail[]> {
  await worker.drainOnce();
  const before = smtp.received.length;
  await action();
  await worker.drainOnce();
  return smtp.received.slice(before);
}
const to = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.rcptTo.includes(address));
const linkIn = (mail: ReceivedMail, path: string) => {
  const found = new RegExp(`https?://[^\\s)>\\]]+${path}\\?token=[0-9a-f]{32}`).exec(mail.text);
  expect(found, mail.text).not.toBeNull();
  return new URL(found![0]);
};
const subscribe = (email: string) => server.request("/api/status/subscriptions", { method: "POST", json: { email } });
async function declare(isPublic: boolean, title: string): Promise<Incident> {
  const { acme } = await demoCompanies(server);
  const res = await server.request("/api/incidents", {
    method: "POST",
    token: tokens[AGENT],
    json: { title, message: `${title}: investigating.`, isPublic, clientIds: [acme] },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Incident;
}

describe("status mail subscriptions", () => {
  it("double opt-in, updates of public incidents only, one-click unsubscribe", async () => {
    const ana = "ana@example.org";
    const ben = "ben@example.org";
    let confirmations: ReceivedMail[] = [];
    const asked = await mailsOf(async () => {
      expect((await subscribe(ana)).status).toBe(200);
      expect((await subscribe(ben)).status).toBe(200);
    });
    confirmations = to(asked, ana);
    expect(confirmations).toHaveLength(1);
    expect(to(asked, ben)).toHaveLength(1);
    const confirm = linkIn(confirmations[0]!, "/status/confirm");

    // Opening the link (as a mail scanner does) shows a button and confirms nothing.
    expect((await server.request(`${confirm.pathname}${confirm.search}`)).status).toBe(200);
    const beforeConfirm = await mailsOf(() => declare(true, "Mail delayed"));
    expect(to(beforeConfirm, ana)).toEqual([]);

    expect((await server.request(`${confirm.pathname}${confirm.search}`, { method: "POST" })).status).toBe(200);
    // Asking again once confirmed sends nothing; Ben, unconfirmed, is sent his link again.
    const again = await mailsOf(async () => {
      await subscribe(ana.toUpperCase());
      await subscribe(ben);
    });
    expect(to(again, ana)).toEqual([]);
    expect(to(again, ben).map((m) => m.subject)).toEqual(["Confirm your Northwind IT status updates"]);

    const update = await mailsOf(() => declare(true, "VPN down"));
    const anaMails = to(update, ana);
    expect(anaMails.map((m) => m.subject)).toEqual(["[Investigating] VPN down"]);
    expect(to(update, ben)).toEqual([]);
    expect(anaMails[0]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = linkIn(anaMails[0]!, "/status/unsubscribe");
    expect(anaMails[0]!.headers["list-unsubscribe"]).toBe(`<${unsubscribe.href}>`);

    // A private incident reaches no subscriber.
    expect(to(await mailsOf(() => declare(false, "Private matter")), ana)).toEqual([]);

    // RFC 8058's one-click POST, twice (a mail client may repeat it), then nothing more is sent.
    for (let i = 0; i < 2; i++) {
      const res = await server.postRaw(
        `${unsubscribe.pathname}${unsubscribe.search}`,
        "application/x-www-form-urlencoded",
        "List-Unsubscribe=One-Click",
      );
      expect(res.status).toBe(200);
    }
    expect(to(await mailsOf(() => declare(true, "Backups late")), ana)).toEqual([]);
  });

  it("refuses a bad address and a bad link", async () => {
    const bad = await subscribe("not-an-address");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Enter a valid email address");
    const unknown = await server.request("/api/status/subscriptions/confirm", {
      method: "POST",
      json: { token: "0".repeat(32) },
    });
    expect(unknown.status).toBe(404);
    expect((await server.request("/status/confirm?token=nope", { method: "POST" })).status).toBe(404);
  });
});
