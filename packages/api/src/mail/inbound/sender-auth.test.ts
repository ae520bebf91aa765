// Sender authentication and held intake of mail (docs/decisions/0027-held-intake.md), through the webhook
// and through a real IMAP server (dovecot), with acknowledgements sent to a real SMTP server: a mail whose
// From is not backed by a DKIM signature of its domain (mailauth, keys from the tests' resolver) or by the
// provider's Authentication-Results never speaks for a client user. It comments only with a ticket's
// reply token, and otherwise becomes a ticket held for review that the company's portal does not show and
// that mails nobody.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, outbox, ticketComments, tickets } from "@repo/db";
import { ticketReference } from "@repo/validators";
import { ACME, ADMIN, BIRCH, demoCompanies } from "../../test/fixtures.js";
import { serverForFile } from "../../test/file-server.js";
import { dkimSigned } from "../../test/dkim.js";
import { MAILBOX_PASSWORD, startDovecot, type Dovecot } from "../../test/dovecot.js";
import { compose, newMail } from "../../test/mails.js";
import { startSmtpTestServer, type SmtpTestServer } from "../smtp-test-server.js";
import { createMailWorker, createSmtpTransport } from "../worker.js";
import { pollMailbox } from "./imap.js";
import { MAX_REFERENCES_TRIED } from "./match.js";

const SECRET = "inbound-secret-of-the-tests-0123456789";
const PROVIDER = "mx.mailhost.test";
const { server, tokens } = serverForFile([ADMIN, BIRCH], {
  config: { MAIL_INBOUND_SECRET: SECRET, MAIL_IN_AUTHSERV_ID: PROVIDER },
});

let smtp: SmtpTestServer;
let dovecot: Dovecot;
beforeAll(async () => {
  [smtp, dovecot] = await Promise.all([startSmtpTestServer(), startDovecot()]);
});
afterAll(async () => {
  dovecot?.close();
  await smtp?.stop();
});

const db = () => server.services.db;

async function ingest(raw: Buffer): Promise<{ outcome: string; ticketId?: string; commentId?: string }> {
  const res = await fetch(`${server.url}/api/mail/inbound`, {
    method: "POST",
    headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
    body: new Uint8Array(raw),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { outcome: string; ticketId?: string };
}

/** What the outbox holds now arrives at the real SMTP server; the mails received to `address`. */
async function delivered(address: string) {
  const worker = createMailWorker({
    db: db(),
    files: server.services.files,
    transport: createSmtpTransport(smtp.url),
    now: () => new Date(Date.now() + 1000),
    log: () => {},
  });
  while ((await worker.drainOnce()).sent > 0) {}
  return smtp.received.filter((m) => m.rcptTo.includes(address));
}

/** The titles in Birch Legal's portal list. */
async function birchPortalTitles(): Promise<string[]> {
  const res = await server.request("/api/client/tickets", { token: tokens[BIRCH] });
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((t) => t.title);
}

async function birchTicket() {
  const { birch } = await demoCompanies(server);
  const [ticket] = await db().select().from(tickets).where(eq(tickets.clientId, birch)).limit(1);
  return ticket!;
}

describe("a mail that claims a client user's address", () => {
  it("unsigned: becomes a ticket held for review, out of the portal, acknowledged to nobody", async () => {
    const before = (await delivered(BIRCH)).length;
    const result = await ingest(
      await newMail(BIRCH, "Urgent: reset my password", "Use https://evil.test/login", {}, { unsigned: true }),
    );
    expect(result.outcome).toBe("ticket");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, result.ticketId!));
    expect(ticket).toMatchObject({ held: true, status: "NEW", responseDueAt: null, resolutionDueAt: null });
    expect(await birchPortalTitles()).not.toContain("Urgent: reset my password");
    const portal = await server.request(`/api/client/tickets/${ticket!.id}`, { token: tokens[BIRCH] });
    expect(portal.status).toBe(404);
    expect((await delivered(BIRCH)).length).toBe(before);

    const staff = await server.request(`/api/tickets/${ticket!.id}`, { token: tokens[ADMIN] });
    expect(await staff.json()).toMatchObject({ held: true, heldReason: expect.stringContaining("not signed") });
    const held = await server.request("/api/held-tickets", { token: tokens[ADMIN] });
    expect(((await held.json()) as { tickets: { id: string }[] }).tickets.map((t) => t.id)).toContain(ticket!.id);
  });

  it("signed by another domain, or with a key its domain does not publish: held all the same", async () => {
    const raw = await compose({ from: BIRCH, subject: "Signed elsewhere", text: "Hello" }, { unsigned: true });
    const otherDomain = await ingest(await dkimSigned(raw, "evil.test"));
    expect((await db().select().from(tickets).where(eq(tickets.id, otherDomain.ticketId!)))[0]!.held).toBe(true);
    // A signature whose body was changed afterwards does not verify.
    const tampered = Buffer.from(
      (await dkimSigned(await compose({ from: BIRCH, subject: "Tampered", text: "Hello" }, { unsigned: true })))
        .toString()
        .replace("Hello", "Pay here: https://evil.test"),
    );
    const changed = await ingest(tampered);
    expect((await db().select().from(tickets).where(eq(tickets.id, changed.ticketId!)))[0]!.held).toBe(true);
  });

  it("signed by its domain: an ordinary ticket, in the portal, acknowledged over SMTP", async () => {
    const result = await ingest(await newMail(BIRCH, "Scanner jammed", "The scanner on floor 2 is jammed."));
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, result.ticketId!));
    expect(ticket!.held).toBe(false);
    expect(ticket!.resolutionDueAt).not.toBeNull();
    expect(await birchPortalTitles()).toContain("Scanner jammed");
    const ack = (await delivered(BIRCH)).find((m) => m.subject.includes(ticketReference(ticket!.id)));
    expect(ack?.text).toContain("Scanner jammed");
    // Replies go to the ticket's reply token, not to its guessable reference.
    expect(ack?.headers["reply-to"]).toBe(`support+${ticket!.replyToken}@northwind.test`);
    expect(ticket!.replyToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it("unsigned with another company's ticket reference: no comment, a held ticket of its own", async () => {
    const target = await birchTicket();
    const ref = ticketReference(target.id);
    const before = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, target.id));
    const bySubject = await ingest(await newMail(BIRCH, `Re: [#${ref}] update`, "Close it.", {}, { unsigned: true }));
    const byAddress = await ingest(
      await newMail(BIRCH, "Re: update", "Close it.", { to: `support+${ref}@northwind.test` }, { unsigned: true }),
    );
    const byThread = await ingest(
      await newMail(
        BIRCH,
        "Re: update",
        "Close it.",
        { inReplyTo: `<ticket-${target.id}@northwind.test>` },
        { unsigned: true },
      ),
    );
    for (const result of [bySubject, byAddress, byThread]) expect(result.outcome).toBe("ticket");
    const after = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, target.id));
    expect(after).toHaveLength(before.length);
  });

  it("unsigned but sent to the ticket's reply token: a comment of its requester", async () => {
    const target = await birchTicket();
    const result = await ingest(
      await newMail(
        target.requesterEmail,
        "Re: your ticket",
        "Thanks, it works again.",
        { to: `support+${target.replyToken}@northwind.test` },
        { unsigned: true },
      ),
    );
    expect(result).toMatchObject({ outcome: "comment", ticketId: target.id });
  });

  it("believes the provider's topmost Authentication-Results, and none a sender wrote below it", async () => {
    const withHeaders = async (subject: string, ...headers: string[]) => {
      const raw = await compose({ from: BIRCH, subject, text: "Hi" }, { unsigned: true });
      return ingest(Buffer.concat([Buffer.from(headers.map((h) => `Authentication-Results: ${h}\r\n`).join("")), raw]));
    };
    const vouched = await withHeaders(
      "Via the provider",
      `${PROVIDER}; dkim=pass (good signature) header.d=birch.test; spf=none`,
    );
    expect((await db().select().from(tickets).where(eq(tickets.id, vouched.ticketId!)))[0]!.held).toBe(false);

    const forgedBelow = await withHeaders(
      "Forged below",
      `${PROVIDER}; dkim=none`,
      `${PROVIDER}; dkim=pass header.d=birch.test`,
    );
    const forgedOther = await withHeaders("Other id", "mx.evil.test; dkim=pass header.d=birch.test");
    const unaligned = await withHeaders("Unaligned", `${PROVIDER}; dkim=pass header.d=evil.test`);
    for (const result of [forgedBelow, forgedOther, unaligned]) {
      expect((await db().select().from(tickets).where(eq(tickets.id, result.ticketId!)))[0]!.held).toBe(true);
    }
  });

  it("over IMAP too: the forged mail is held, the signed one is not", async () => {
    await dovecot.deliver(await newMail(BIRCH, "IMAP forged", "Hello", {}, { unsigned: true }));
    await dovecot.deliver(await newMail(BIRCH, "IMAP signed", "Hello"));
    const round = await pollMailbox(server.services, {
      url: dovecot.url,
      password: MAILBOX_PASSWORD,
      doneMailbox: "Processed",
    });
    expect(round.ingested.map((r) => r.outcome)).toEqual(["ticket", "ticket"]);
    const rows = await db()
      .select({ title: tickets.title, held: tickets.held })
      .from(tickets)
      .where(eq(tickets.source, "email"));
    expect(rows.filter((r) => r.title.startsWith("IMAP")).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "IMAP forged", held: true },
      { title: "IMAP signed", held: false },
    ]);
  });
});

describe("a company's trusted domain", () => {
  it("lets its unsigned mail in as authenticated", async () => {
    const { acme } = await demoCompanies(server);
    const res = await server.request(`/api/clients/${acme}`, {
      method: "PATCH",
      token: tokens[ADMIN],
      json: { trustedDomains: ["acme.test"] },
    });
    expect(res.status).toBe(200);
    const result = await ingest(await newMail(ACME, "Trusted and unsigned", "Hello", {}, { unsigned: true }));
    expect((await db().select().from(tickets).where(eq(tickets.id, result.ticketId!)))[0]!.held).toBe(false);
  });
});

describe("reference look-ups", () => {
  it(`tries at most ${MAX_REFERENCES_TRIED} references of one mail`, async () => {
    const target = await birchTicket();
    const guesses = Array.from(
      { length: 5_000 },
      (_, i) => `support+${i.toString(16).padStart(8, "0")}@northwind.test`,
    );
    // The real reference comes after thousands of guesses: it is never reached.
    const result = await ingest(
      await newMail(BIRCH, "Many guesses", "Hello", {
        to: [...guesses, `support+${ticketReference(target.id)}@northwind.test`],
      }),
    );
    expect(result.outcome).toBe("ticket");
    expect(result.ticketId).not.toBe(target.id);
    // Within the cap, a signed reply with the reference still lands on its ticket.
    const ok = await ingest(
      await newMail(BIRCH, "Few", "Hello", {
        to: [...guesses.slice(0, MAX_REFERENCES_TRIED - 1), `support+${ticketReference(target.id)}@northwind.test`],
      }),
    );
    expect(ok).toMatchObject({ outcome: "comment", ticketId: target.id });
    const held = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, result.ticketId!), eq(outbox.to, BIRCH)));
    expect(held.length).toBeGreaterThan(0);
  });
});
