// The worker against a real SMTP server on loopback that goes down and comes back: submissions never
// fail, every mail arrives once the server is back, none twice, none lost; retries back off, give up
// after N tries, and a mail left 'sending' by a crashed instance is sent when its lease ends.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appSettings, eq, inArray, outbox, siteContentRevisions } from "@repo/db";
import { site } from "@repo/content";
import { demoCompanies } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { enqueueMail } from "./outbox.js";
import type { MailTicket } from "./templates.js";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.js";
import {
  LEASE_MS,
  MAIL_RETRY,
  createMailWorker,
  createSmtpTransport,
  retryDelayMs,
  startMailWorker,
  type MailWorker,
} from "./worker.js";
import { log } from "../logger.js";
import { DEFAULT_CONTENT } from "../site-content/document.js";
import { forgetPublished } from "../site-content/published.js";
import { publishContent } from "../site-content/revisions.js";
import { writeMailSettings } from "../settings/mail.js";

let server: TestServer;
let smtp: SmtpTestServer;
let acme: string;
/** The workers' clock: moved forward to reach a retry without waiting for it. */
let clock: Date;
const workers: MailWorker[] = [];

function newWorker(options: { url?: string; maxAttempts?: number } = {}): MailWorker {
  const worker = createMailWorker({
    db: server.services.db,
    files: server.services.files,
    transport: createSmtpTransport(options.url ?? smtp.url),
    maxAttempts: options.maxAttempts,
    now: () => clock,
    log: () => {},
  });
  workers.push(worker);
  return worker;
}
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
/** Sets the workers' clock a second past the real one, so that every mail queued so far is due. */
const queued = () => (clock = new Date(Date.now() + 1000));

beforeAll(async () => {
  server = await startTestServer({ config: { TRUST_PROXY: 1 } });
  smtp = await startSmtpTestServer();
  ({ acme } = await demoCompanies(server));
});
beforeEach(async () => {
  // Each test starts from an empty queue and an empty mailbox.
  await server.services.db.delete(outbox);
  smtp.received.length = 0;
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await smtp?.stop();
  await server?.close();
});

let visitor = 0;
async function submitPublicTicket(n: number): Promise<Response> {
  return server.request("/api/tickets", {
    method: "POST",
    headers: { "x-forwarded-for": `203.0.113.${++visitor}` },
    json: {
      title: `Outage ticket ${n}`,
      description: "Nothing works since the storm this morning, please help.",
      requesterName: "Pat Visitor",
      requesterEmail: `pat${n}@example.org`,
      clientId: acme,
      priority: "P2",
      type: "Incident",
    },
  });
}

const rows = () => server.services.db.select().from(outbox);

describe("an SMTP outage", () => {
  it("loses nothing: submissions succeed while the server refuses connections, and every mail arrives once, when it is back", async () => {
    const worker = newWorker();
    await smtp.stop();

    for (let n = 1; n <= 6; n++) expect((await submitPublicTicket(n)).status).toBe(200);
    expect(await rows()).toHaveLength(12);
    queued(); // 'received' to each requester, 'new ticket' to the inbox

    // Down: every try fails and is put back with a delay; nothing is due again before that delay.
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 12, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + MAIL_RETRY.baseDelayMs);
    }
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    // Still down at the second try: the delay doubles.
    later(MAIL_RETRY.baseDelayMs);
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 12, failed: 0 });
    for (const row of await rows())
      expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 2 * MAIL_RETRY.baseDelayMs);

    // Back: every mail is delivered, once.
    await smtp.start();
    later(2 * MAIL_RETRY.baseDelayMs);
    expect(await worker.drainOnce()).toEqual({ sent: 12, retried: 0, failed: 0 });
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const sent = await rows();
    expect(sent.every((r) => r.status === "sent" && r.attempts === 3 && r.sentAt && r.lastError === null)).toBe(true);
    expect(smtp.received).toHaveLength(12);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(12);
    expect(ids.sort()).toEqual(sent.map((r) => r.headers!["Message-ID"]).sort());
    for (let n = 1; n <= 6; n++)
      expect(smtp.received.filter((m) => m.rcptTo[0] === `pat${n}@example.org`)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.rcptTo[0] === site.supportEmail)).toHaveLength(6);
  });

  it("marks a mail failed after the last try; an admin's retry puts it back and it is sent", async () => {
    const worker = newWorker({ maxAttempts: 3 });
    await smtp.stop();
    const mail = await enqueueMail(server.services.db, {
      kind: "enquiry.new",
      to: site.email,
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    queued();
    for (let i = 0; i < 2; i++) {
      expect(await worker.drainOnce()).toMatchObject({ retried: 1 });
      later(retryDelayMs(i + 1));
    }
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ id: mail.id, status: "failed", attempts: 3 });
    later(24 * 3_600_000);
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await smtp.start();
    const agent = await server.login("agent@northwind.test");
    const admin = await server.login("admin@northwind.test");
    const retry = (token: string, id = mail.id) => server.request(`/api/mails/${id}/retry`, { method: "POST", token });
    expect((await retry(agent)).status).toBe(403);
    const res = await retry(admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: mail.id, status: "pending", attempts: 0, lastError: null });

    expect(await worker.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Hello"]);
    // A sent mail is not retried (it would be sent twice).
    const again = await retry(admin);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      "Only failed mails can be retried; this one is sent",
    );
  });

  it("retries a refused sign-in (wrong SMTP password) and sends once the credentials are right", async () => {
    const wrong = newWorker({ url: smtp.url.replace(":s3cret@", ":wrong@") });
    await enqueueMail(server.services.db, {
      kind: "enquiry.new",
      to: site.email,
      subject: "Creds",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    queued();
    expect(await wrong.drainOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [row] = await rows();
    expect(row!.lastError).toMatch(/EAUTH/);
    later(MAIL_RETRY.baseDelayMs);
    expect(await newWorker().drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
  });
});

describe("leases", () => {
  it("a mail left 'sending' by a crashed instance is sent once its lease ends, and not before", async () => {
    const db = server.services.db;
    const mail = await enqueueMail(db, {
      kind: "enquiry.new",
      to: site.email,
      subject: "Orphan",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    queued();
    // What a claim by an instance that then died leaves behind.
    await db
      .update(outbox)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(clock.getTime() + LEASE_MS) })
      .where(eq(outbox.id, mail.id));
    const worker = newWorker();
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    later(LEASE_MS);
    expect(await worker.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.id, [mail.id]));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Orphan"]);
  });
});

/** A ticket as the mail templates read it, with what a test changes. */
const mailTicket = (fields: Partial<MailTicket> = {}): MailTicket => ({
  id: "0198a000-0000-7000-8000-00000000abcd",
  title: "Printer",
  description: "x",
  priority: "P3",
  status: "NEW",
  requesterName: "Pat",
  requesterEmail: "pat@example.org",
  responseDueAt: null,
  resolutionDueAt: null,
  ...fields,
});

describe("what a visitor typed", () => {
  it("cannot add headers through a line break in the subject, nor markup to the HTML", async () => {
    const { ticketReceivedMail } = await import("./templates.js");
    const content = ticketReceivedMail(
      DEFAULT_CONTENT.identity,
      mailTicket({ title: "Help\r\nBcc: victim@example.org", requesterName: "<script>alert(1)</script>" }),
      { isClientUser: false },
    );
    expect(content.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(content.html).not.toContain("<script>");
    await enqueueMail(server.services.db, content);
    queued();
    expect(await newWorker().drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [received] = smtp.received;
    expect(received!.rcptTo).toEqual(["pat@example.org"]);
    expect(received!.headers["bcc"]).toBeUndefined();
    expect(received!.subject).toBe("[Northwind IT #0000abcd] Help Bcc: victim@example.org");
    expect(received!.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^Bcc:/im);
  });
});

describe("when the requester will hear from us", () => {
  it("writes the response due time in Toronto time with its zone named", async () => {
    const { ticketReceivedMail } = await import("./templates.js");
    // 19:30 UTC in January is 2:30 p.m. in Toronto (EST); in July it would be EDT.
    const content = ticketReceivedMail(
      DEFAULT_CONTENT.identity,
      mailTicket({ responseDueAt: new Date("2027-01-12T19:30:00.000Z") }),
      {
        isClientUser: false,
      },
    );
    expect(content.text).toContain("you will hear from us by Jan 12, 2027, 2:30 p.m. EST.");
  });
});

describe("transports", () => {
  it("sends over smtps:// (TLS from the first byte), with the auth in the URL", async () => {
    const secure = await startSmtpTestServer({ secure: true });
    try {
      expect(secure.url).toMatch(/^smtps:\/\/mailer:s3cret@127\.0\.0\.1:\d+\?tls\.rejectUnauthorized=false$/);
      await enqueueMail(server.services.db, {
        kind: "enquiry.new",
        to: site.email,
        subject: "Over TLS",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      queued();
      expect(await newWorker({ url: secure.url }).drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(secure.received.map((m) => m.subject)).toEqual(["Over TLS"]);
    } finally {
      await secure.stop();
    }
  });
});

describe("the loop", () => {
  it("started from the server's services, sends queued mail on its own and stops cleanly", async () => {
    const worker = startMailWorker({ ...server.services, config: { ...server.services.config, SMTP_URL: smtp.url } });
    try {
      await enqueueMail(server.services.db, {
        kind: "enquiry.new",
        to: site.email,
        subject: "Looped",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      worker.wake();
      await vi.waitFor(() => expect(smtp.received.map((m) => m.subject)).toEqual(["Looped"]), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await worker.stop();
    }
    const [row] = await rows();
    expect(row!.status).toBe("sent");
  });

  it("without SMTP_URL, keeps mails pending until an admin stores an SMTP server, then sends as the provider", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const worker = startMailWorker(
      { ...server.services, config: { ...server.services.config, SMTP_URL: undefined } },
      { settingsPollMs: 50 },
    );
    try {
      expect(info).toHaveBeenCalledWith(expect.stringContaining("SMTP_URL is not set"));
      await enqueueMail(server.services.db, {
        kind: "enquiry.new",
        to: site.email,
        subject: "Waiting",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect((await rows())[0]!.status).toBe("pending");

      await publishContent(
        server.services.db,
        { ...DEFAULT_CONTENT, identity: { ...DEFAULT_CONTENT.identity, name: "Maple Street IT" } },
        null,
      );
      await writeMailSettings(server.services.db, { smtpUrl: smtp.url, fromAddress: "help@maple.example" }, null);
      await vi.waitFor(() => expect(smtp.received.map((m) => m.subject)).toEqual(["Waiting"]), {
        timeout: 20_000,
        interval: 50,
      });
      expect(smtp.received[0]!.headers.from).toBe("Maple Street IT <help@maple.example>");
    } finally {
      await worker.stop();
      info.mockRestore();
      await server.services.db.delete(appSettings).where(inArray(appSettings.key, ["mail"]));
      await server.services.db.delete(siteContentRevisions);
      forgetPublished();
    }
  });

  it("backs off 30 s, doubling per try, up to an hour", () => {
    expect([1, 2, 3, 4, 8, 9, 10].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
});
