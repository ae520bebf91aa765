// The IMAP door against a real server (Debian's dovecot, src/test/dovecot.ts): mails delivered into the
// mailbox become tickets and comments once, move to the done folder, and wait safely through an outage;
// a mail that cannot be read is quarantined and moved aside, and the mails behind it are read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inboundMails, outbox, quarantinedMails, ticketComments, tickets } from "@repo/db";
import { configureLogging } from "../../logger.js";
import { ACME, ADMIN, AGENT, VIEWER } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { MAILBOX_PASSWORD, startDovecot, type Dovecot } from "../../test/dovecot.js";
import { autoReply, bounce, latin1Mail, nestedMultipart, newMail, replyTo, withImageAndPdf } from "../../test/mails.js";
import { type ImapSettings, pollAndRecord, pollMailbox } from "./imap.js";

let server: TestServer;
let dovecot: Dovecot;
let settings: ImapSettings;

beforeAll(async () => {
  [server, dovecot] = await Promise.all([startTestServer(), startDovecot()]);
  settings = { url: dovecot.url, password: MAILBOX_PASSWORD, doneMailbox: "Processed" };
});
afterAll(async () => {
  dovecot?.close();
  await server?.close();
});

const poll = () => pollMailbox(server.services, settings);
const db = () => server.services.db;

describe("mail in over IMAP", () => {
  it("ingests every mail waiting, moves it to the done folder, and reads nothing twice", async () => {
    await dovecot.deliver(await newMail(`"Dana Whitfield" <${ACME}>`, "Email is slow", "Outlook takes minutes."));
    await dovecot.deliver(await autoReply(ACME));
    await dovecot.deliver(await bounce());
    await dovecot.deliver(latin1Mail(ACME));
    await dovecot.deliver(await withImageAndPdf(ACME));
    await dovecot.deliver(await newMail(ACME, "🔥 Server room too hot", "It is 31 °C in there."));

    const round = await poll();
    expect(round.ingested.map((r) => r.reason ?? r.outcome)).toEqual([
      "ticket",
      "auto-reply",
      "bounce",
      "ticket",
      "ticket",
      "ticket",
    ]);
    expect(await dovecot.count("INBOX")).toBe(0);
    expect(await dovecot.count("Processed")).toBe(6);
    const titles = (await db().select({ title: tickets.title }).from(tickets).where(eq(tickets.source, "email"))).map(
      (t) => t.title,
    );
    expect(titles).toEqual(
      expect.arrayContaining([
        "Email is slow",
        "Problème d'accès au café",
        "Screen shows an error",
        "🔥 Server room too hot",
      ]),
    );
    expect((await poll()).ingested).toEqual([]);
  });

  it("adds a reply to our mail as a comment on its ticket", async () => {
    const [ticket] = await db().select().from(tickets).where(eq(tickets.title, "Email is slow"));
    const [ours] = await db().select().from(outbox).where(eq(outbox.ticketId, ticket!.id));
    await dovecot.deliver(
      await replyTo(
        ACME,
        { messageId: ours!.headers!["Message-ID"]!, subject: ours!.subject, text: ours!.text },
        "Now it is fast.",
      ),
    );
    const round = await poll();
    expect(round.ingested).toMatchObject([{ outcome: "comment", ticketId: ticket!.id }]);
    const comments = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, ticket!.id));
    expect(comments.map((c) => [c.content, c.source])).toEqual([["Now it is fast.", "email"]]);
  });

  it("two instances polling one mailbox write each mail once", async () => {
    for (let i = 0; i < 5; i++) await dovecot.deliver(await newMail(ACME, `Shared mailbox ${i}`, `Mail ${i}`));
    const rounds = await Promise.all([poll(), poll()]);
    const outcomes = rounds.flatMap((r) => r.ingested.map((i) => i.outcome));
    expect(outcomes.filter((o) => o === "ticket")).toHaveLength(5);
    const rows = await db().select({ subject: inboundMails.subject }).from(inboundMails);
    expect(rows.filter((r) => r.subject.startsWith("Shared mailbox"))).toHaveLength(5);
    expect(await dovecot.count("INBOX")).toBe(0);
  });

  it("loses nothing while the mailbox is unreachable, and takes the mail when it is back", async () => {
    await dovecot.deliver(await newMail(ACME, "Sent during the outage", "Is anyone there?"));
    dovecot.stop();
    await expect(poll()).rejects.toThrow();
    dovecot.start();
    const round = await poll();
    expect(round.ingested).toMatchObject([{ outcome: "ticket" }]);
    expect(await db().select().from(tickets).where(eq(tickets.title, "Sent during the outage"))).toHaveLength(1);
  });

  it("quarantines a mail it cannot read, moves it aside, and reads the mail behind it in the same round", async () => {
    await dovecot.deliver(nestedMultipart(ACME));
    await dovecot.deliver(await newMail(ACME, "Behind the poison", "Please read me."));
    const round = await poll();
    expect(round.ingested.map((r) => r.reason ?? r.outcome)).toEqual(["too many MIME parts", "ticket"]);
    expect(await dovecot.count("INBOX")).toBe(0);
    expect(await dovecot.count("Quarantine")).toBe(1);
    expect(await db().select().from(tickets).where(eq(tickets.title, "Behind the poison"))).toHaveLength(1);
    const rows = await db().select().from(quarantinedMails).where(eq(quarantinedMails.subject, "Nested parts"));
    expect(rows).toMatchObject([{ via: "imap", reason: "too many MIME parts", imapFolder: "Quarantine" }]);
    // The poison is not read again.
    expect((await poll()).ingested).toEqual([]);
  });
});

describe("mail in's state for the admin", () => {
  const INTERVAL = 60_000;
  let written = "";
  const lines = () =>
    written
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown; failures?: number })
      .filter((line) => line.msg !== "request");
  beforeAll(() => {
    const capture = {
      write(chunk: string) {
        written += chunk;
      },
    };
    configureLogging({ level: "info", destination: capture });
  });
  afterAll(() => {
    configureLogging({});
  });
  const status = async (token: string) => {
    const res = await server.request("/api/mail/imap-status", { token });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const secondsAhead = (iso: unknown, from: number) => Math.round((Date.parse(iso as string) - from) / 1000);

  it("a wrong password: the error is kept, one line is logged without a stack, the wait doubles", async () => {
    const admin = await server.login(ADMIN);
    const wrong = { ...settings, password: "not-the-password" };
    written = "";
    const first = Date.now();
    expect(await pollAndRecord(server.services, wrong, INTERVAL)).toMatchObject({ ok: false });
    const failedOnce = await status(admin);
    expect(failedOnce).toMatchObject({ consecutiveFailures: 1 });
    expect(failedOnce.lastError).toMatch(/refused the sign-in/);
    expect(secondsAhead(failedOnce.nextAttemptAt, first)).toBeGreaterThanOrEqual(119);
    expect(secondsAhead(failedOnce.nextAttemptAt, first)).toBeLessThanOrEqual(125);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ level: 40, failures: 1 });
    expect(lines()[0]!.msg).toMatch(/^mail in \(IMAP\) failed 1 time\(s\) in a row: The mailbox refused the sign-in/);
    expect(lines()[0]!.err).toBeUndefined();
    expect(lines()[0]!.msg).not.toContain("not-the-password");

    const second = Date.now();
    await pollAndRecord(server.services, wrong, INTERVAL);
    const failedTwice = await status(admin);
    expect(failedTwice.consecutiveFailures).toBe(2);
    expect(secondsAhead(failedTwice.nextAttemptAt, second)).toBeGreaterThanOrEqual(239);
    expect(lines()).toHaveLength(2);
    for (let i = 0; i < 6; i++) await pollAndRecord(server.services, wrong, INTERVAL);
    const capped = await status(admin);
    expect(capped.consecutiveFailures).toBe(8);
    expect(secondsAhead(capped.nextAttemptAt, Date.now())).toBeLessThanOrEqual(15 * 60);
    expect(secondsAhead(capped.nextAttemptAt, Date.now())).toBeGreaterThan(14 * 60);
  });

  it("the right password: the failures reset, the mails read today count, the last error stays for reference", async () => {
    const admin = await server.login(ADMIN);
    const before = (await status(admin)).readToday as number;
    await dovecot.deliver(await newMail(ACME, "After the password fix", "Read me."));
    await dovecot.deliver(await newMail(ACME, "After the password fix, again", "Read me too."));
    const started = Date.now();
    expect(await pollAndRecord(server.services, settings, INTERVAL)).toMatchObject({ ok: true });
    const ok = await status(admin);
    expect(ok).toMatchObject({ configured: false, consecutiveFailures: 0, readToday: before + 2 });
    expect(Date.parse(ok.lastSuccessAt as string)).toBeGreaterThanOrEqual(started - 1000);
    expect(ok.lastPollAt).toBe(ok.lastSuccessAt);
    expect(ok.lastError).toMatch(/refused the sign-in/);
    expect(secondsAhead(ok.nextAttemptAt, started)).toBeLessThanOrEqual(61);
  });

  it("an unreachable server is one line too, named as such", async () => {
    written = "";
    dovecot.stop();
    try {
      await pollAndRecord(server.services, settings, INTERVAL);
    } finally {
      dovecot.start();
    }
    expect(lines()).toHaveLength(1);
    expect(lines()[0]!.msg).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    expect(lines()[0]!.err).toBeUndefined();
    await pollAndRecord(server.services, settings, INTERVAL);
  });

  it("is read by an ADMIN only", async () => {
    for (const who of [AGENT, VIEWER, ACME]) {
      const res = await server.request("/api/mail/imap-status", { token: await server.login(who) });
      expect(res.status).toBe(403);
    }
    expect((await server.request("/api/mail/imap-status")).status).toBe(401);
  });
});
