// The IMAP door against a real server (Debian's dovecot, src/test/dovecot.ts): mails delivered into the
// mailbox become tickets and comments once, move to the done folder, and wait safely through an outage;
// a mail that cannot be read is quarantined and moved aside, and the mails behind it are read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inboundMails, outbox, quarantinedMails, ticketComments, tickets } from "@repo/db";
import { ACME } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { MAILBOX_PASSWORD, startDovecot, type Dovecot } from "../../test/dovecot.js";
import { autoReply, bounce, latin1Mail, nestedMultipart, newMail, replyTo, withImageAndPdf } from "../../test/mails.js";
import { type ImapSettings, pollMailbox } from "./imap.js";

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
