// Colleagues and CC on mailed tickets (docs/decisions/0032-ticket-cc.md), fed as real MIME through the
// mail-in webhook, with the outbox drained to a real SMTP server: a reply from anyone of the ticket's
// company or on its CC list is a comment when it names the ticket and its sender is authenticated; the
// To and Cc of mails that reach a ticket are kept on it; public staff replies copy them, notes and other
// mails never do, and the ticket's switch stops it. Staff edit the list over REST and tRPC; a client
// reads its own ticket's list, and another company's ticket is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, outbox, ticketComments, tickets } from "@repo/db";
import { TICKET_CC_LIMITS, ticketReference, type TicketCcList } from "@repo/validators";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER } from "../../test/fixtures.js";
import { serverForFile } from "../../test/file-server.js";
import { compose, newMail } from "../../test/mails.js";
import { expectRefused, expectTicketNotFound } from "../../test/refusals.js";
import { MAILBOX_PASSWORD, startDovecot, type Dovecot } from "../../test/dovecot.js";
import { startSmtpTestServer, type SmtpTestServer } from "../smtp-test-server.js";
import { createMailWorker, createSmtpTransport } from "../worker.js";
import { pollMailbox } from "./imap.js";

const SECRET = "inbound-secret-of-the-tests-0123456789";
const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH], {
  config: { MAIL_INBOUND_SECRET: SECRET },
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
  return (await res.json()) as { outcome: string; ticketId?: string; commentId?: string };
}

/** Sends what the outbox holds to the real SMTP server; the mails received so far. */
async function drained() {
  const worker = createMailWorker({
    db: db(),
    files: server.services.files,
    transport: createSmtpTransport(smtp.url),
    now: () => new Date(Date.now() + 1000),
    log: () => {},
  });
  while ((await worker.drainOnce()).sent > 0) {}
  return smtp.received;
}

const ccOf = async (ticketId: string, token = tokens[ADMIN]) => {
  const res = await server.request(`/api/tickets/${ticketId}/cc`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as TicketCcList;
};
const emailsOf = (list: TicketCcList) => list.addresses.map((a) => a.email);

const staffReply = (ticketId: string, content: string, internal = false, token = tokens[ADMIN]) =>
  server.request(`/api/tickets/${ticketId}/comments`, { method: "POST", json: { content, internal }, token });

/** The outbox rows of a ticket of one kind, oldest first. */
const mailsOf = async (ticketId: string, kind: string) =>
  (await db().select().from(outbox).where(eq(outbox.ticketId, ticketId))).filter((m) => m.kind === kind);

let colleagues = 0;
/**
 * A signed mail from someone at Acme Dental opening a ticket, copying `cc`: by default from a new address
 * each time, since one sender may open only so many per hour (MAIL_IN_LIMITS).
 */
async function acmeTicket(subject: string, cc: string[] = [], from = `desk${++colleagues}@acme.test`): Promise<string> {
  const result = await ingest(await newMail(from, subject, "The scanner on floor 2 is jammed.", { cc }));
  expect(result.outcome).toBe("ticket");
  return result.ticketId!;
}

describe("a reply from a colleague at the ticket's company", () => {
  it("signed, with the reference in the subject: a comment on the ticket, not a new ticket", async () => {
    const ticketId = await acmeTicket("Scanner jammed");
    const ref = ticketReference(ticketId);
    const before = (await db().select().from(tickets)).length;
    const result = await ingest(
      await newMail("Tom Baker <tom@acme.test>", `Re: Scanner jammed [#${ref}]`, "Still jammed this morning."),
    );
    expect(result).toMatchObject({ outcome: "comment", ticketId });
    expect((await db().select().from(tickets)).length).toBe(before);
    const [comment] = await db().select().from(ticketComments).where(eq(ticketComments.id, result.commentId!));
    expect(comment).toMatchObject({
      authorName: "Tom Baker",
      authorId: null,
      internal: false,
      content: "Still jammed this morning.",
    });
  });

  it("signed, threaded by In-Reply-To on one of our mails: a comment as well", async () => {
    const ticketId = await acmeTicket("Wi-Fi drops in room 3");
    await drained();
    const [ack] = await mailsOf(ticketId, "ticket.received");
    const result = await ingest(
      await compose({
        from: "tom@acme.test",
        subject: "Re: our Wi-Fi",
        text: "It dropped again at noon.",
        inReplyTo: ack!.headers!["Message-ID"],
        references: [ack!.headers!["Message-ID"]!],
      }),
    );
    expect(result).toMatchObject({ outcome: "comment", ticketId });
  });

  it("from an address at a domain the company trusts: a comment", async () => {
    const ticketId = await acmeTicket("Printer offline");
    const acme = (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.clientId;
    const trust = await server.request(`/api/clients/${acme}`, {
      method: "PATCH",
      json: { trustedDomains: ["acme-dental.example"] },
      token: tokens[ADMIN],
    });
    expect(trust.status).toBe(200);
    const result = await ingest(
      await newMail("it@acme-dental.example", `Re: [#${ticketReference(ticketId)}]`, "Restarted it."),
    );
    expect(result).toMatchObject({ outcome: "comment", ticketId });
    await server.request(`/api/clients/${acme}`, {
      method: "PATCH",
      json: { trustedDomains: [] },
      token: tokens[ADMIN],
    });
  });

  it("over IMAP too: the colleague's reply-all is a comment, and its Cc joins the list", async () => {
    const ticketId = await acmeTicket("Fax line dead");
    await dovecot.deliver(
      await newMail("tom@acme.test", `Re: Fax line dead [#${ticketReference(ticketId)}]`, "Still dead.", {
        cc: ["accounts@acme.test"],
      }),
    );
    const round = await pollMailbox(server.services, {
      url: dovecot.url,
      password: MAILBOX_PASSWORD,
      doneMailbox: "Processed",
    });
    expect(round.ingested).toEqual([expect.objectContaining({ outcome: "comment", ticketId })]);
    expect(emailsOf(await ccOf(ticketId))).toEqual(["accounts@acme.test"]);
  });

  it("unsigned, with the reference: held for review like any unauthenticated mail, no comment", async () => {
    const ticketId = await acmeTicket("Phones down");
    const before = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, ticketId));
    const result = await ingest(
      await newMail(
        "tom@acme.test",
        `Re: Phones down [#${ticketReference(ticketId)}]`,
        "Pay the invoice here",
        {},
        { unsigned: true },
      ),
    );
    expect(result.outcome).toBe("ticket");
    expect(result.ticketId).not.toBe(ticketId);
    const [held] = await db().select().from(tickets).where(eq(tickets.id, result.ticketId!));
    expect(held!.held).toBe(true);
    expect(await db().select().from(ticketComments).where(eq(ticketComments.ticketId, ticketId))).toHaveLength(
      before.length,
    );
  });

  it("a signed stranger with the reference comments on nothing: an enquiry", async () => {
    const ticketId = await acmeTicket("Server room alarm");
    const result = await ingest(
      await newMail("someone@elsewhere.example", `Re: [#${ticketReference(ticketId)}]`, "Hello"),
    );
    expect(result.outcome).toBe("enquiry");
  });

  it("a colleague of another company with the reference: not a comment on this ticket", async () => {
    const ticketId = await acmeTicket("Laptop battery");
    const result = await ingest(
      await newMail("paralegal@birch.test", `Re: [#${ticketReference(ticketId)}]`, "Ours is fine"),
    );
    expect(result.outcome).toBe("ticket");
    expect(result.ticketId).not.toBe(ticketId);
  });
});

describe("the CC list kept from mail", () => {
  it("keeps a new ticket's To and Cc, lower case, without our own mailboxes or the sender", async () => {
    const ticketId = await acmeTicket(
      "Email bouncing",
      ["Tom Baker <Tom@Acme.test>", "partner@lawfirm.example", "support+other@northwind.test", ACME],
      ACME,
    );
    const list = await ccOf(ticketId);
    expect(list.copyOnReplies).toBe(true);
    expect(emailsOf(list).sort()).toEqual(["partner@lawfirm.example", "tom@acme.test"]);
    expect(list.addresses.every((a) => a.addedVia === "mail")).toBe(true);
  });

  it("adds a reply's copies once, and lets an address on the list comment", async () => {
    const ticketId = await acmeTicket("VPN slow", ["partner@lawfirm.example"]);
    const reply = await ingest(
      await newMail(ACME, `Re: VPN slow [#${ticketReference(ticketId)}]`, "Worse today.", {
        cc: ["PARTNER@lawfirm.example", "boss@acme.test"],
      }),
    );
    expect(reply.outcome).toBe("comment");
    expect(emailsOf(await ccOf(ticketId))).toEqual(["partner@lawfirm.example", "boss@acme.test"]);
    // The outside partner is on the list: their signed reply is the conversation going on.
    const partner = await ingest(
      await newMail("partner@lawfirm.example", `Re: VPN slow [#${ticketReference(ticketId)}]`, "Same here."),
    );
    expect(partner).toMatchObject({ outcome: "comment", ticketId });
  });

  it(`keeps at most ${TICKET_CC_LIMITS.maxAddresses} addresses`, async () => {
    const many = Array.from({ length: TICKET_CC_LIMITS.maxAddresses + 5 }, (_, i) => `person${i}@acme.test`);
    const ticketId = await acmeTicket("Everyone copied", many);
    expect((await ccOf(ticketId)).addresses).toHaveLength(TICKET_CC_LIMITS.maxAddresses);
  });
});

describe("staff replies and the CC list", () => {
  it("a public reply goes to the CC list as Cc, over SMTP", async () => {
    const ticketId = await acmeTicket("Shared drive missing", ["tom@acme.test", "partner@lawfirm.example"], ACME);
    expect((await staffReply(ticketId, "We remapped the drive.")).status).toBe(200);
    const [reply] = await mailsOf(ticketId, "ticket.reply");
    expect(reply!.to).toBe(ACME);
    expect(reply!.headers!.Cc).toBe("tom@acme.test, partner@lawfirm.example");
    const sent = (await drained()).find(
      (m) => m.subject.includes(ticketReference(ticketId)) && m.text.includes("remapped"),
    );
    expect(sent!.rcptTo.sort()).toEqual([ACME, "partner@lawfirm.example", "tom@acme.test"]);
    expect(sent!.headers.cc).toBe("tom@acme.test, partner@lawfirm.example");
  });

  it("an internal note mails nobody, and other mails of the ticket copy no one", async () => {
    const ticketId = await acmeTicket("Monitor flickers", ["tom@acme.test"]);
    expect((await staffReply(ticketId, "Check the cable first.", true)).status).toBe(200);
    const status = await server.request(`/api/tickets/${ticketId}`, {
      method: "PATCH",
      json: { status: "WAITING_CUSTOMER" },
      token: tokens[ADMIN],
    });
    expect(status.status).toBe(200);
    const rows = await db().select().from(outbox).where(eq(outbox.ticketId, ticketId));
    expect(rows.map((r) => r.kind)).not.toContain("ticket.reply");
    // The acknowledgement, the provider's notice and the status change: none of them copies the list.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.headers?.Cc)).toEqual([]);
  });

  it("with the switch off, a public reply goes to the requester alone; on again, copies again", async () => {
    const ticketId = await acmeTicket("Keyboard sticky", ["tom@acme.test"]);
    const off = await server.request(`/api/tickets/${ticketId}/cc/settings`, {
      method: "PUT",
      json: { copyOnReplies: false },
      token: tokens[AGENT],
    });
    expect(off.status).toBe(200);
    expect(((await off.json()) as TicketCcList).copyOnReplies).toBe(false);
    await staffReply(ticketId, "A new keyboard is on its way.");
    const [first] = await mailsOf(ticketId, "ticket.reply");
    expect(first!.headers!.Cc).toBeUndefined();

    const on = await server.request("/trpc/tickets.setCcCopy", {
      method: "POST",
      json: { id: ticketId, copyOnReplies: true },
      token: tokens[AGENT],
    });
    expect(on.status).toBe(200);
    await staffReply(ticketId, "It arrives tomorrow.");
    const replies = await mailsOf(ticketId, "ticket.reply");
    expect(replies).toHaveLength(2);
    expect(replies.map((r) => r.headers!.Cc ?? null)).toEqual(expect.arrayContaining(["tom@acme.test", null]));
  });
});

describe("staff edit the CC list", () => {
  it("adds an address once, lower case, and removes it; both are in the ticket's history", async () => {
    const ticketId = await acmeTicket("Add a colleague");
    const added = await server.request(`/api/tickets/${ticketId}/cc`, {
      method: "POST",
      json: { email: " Sam@Acme.test " },
      token: tokens[AGENT],
    });
    expect(added.status).toBe(200);
    const list = (await added.json()) as TicketCcList;
    expect(list.addresses).toEqual([
      { id: expect.any(String), email: "sam@acme.test", addedVia: "staff", addedAt: expect.any(String) },
    ]);
    const again = await server.request("/trpc/tickets.addCc", {
      method: "POST",
      json: { id: ticketId, email: "SAM@acme.test" },
      token: tokens[AGENT],
    });
    expect(again.status).toBe(200);
    expect(emailsOf(await ccOf(ticketId))).toEqual(["sam@acme.test"]);

    const removed = await server.request(`/api/tickets/${ticketId}/cc/${list.addresses[0]!.id}`, {
      method: "DELETE",
      token: tokens[AGENT],
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as TicketCcList).addresses).toEqual([]);

    const history = await server.request(`/api/tickets/${ticketId}/history`, { token: tokens[ADMIN] });
    const actions = ((await history.json()) as { history: { action: string }[] }).history.map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(["cc.added", "cc.removed"]));
  });

  it("refuses a bad address, our own, the requester's, a 21st, and an unknown entry, changing nothing", async () => {
    const ticketId = await acmeTicket("Refusals", [], ACME);
    const add = (email: string) =>
      server.request(`/api/tickets/${ticketId}/cc`, { method: "POST", json: { email }, token: tokens[ADMIN] });
    const bad = await add("not an address");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Please enter a valid email address");
    await expectRefused(
      await add("support@northwind.test"),
      400,
      "support@northwind.test is one of our own addresses",
      "BAD_REQUEST",
    );
    await expectRefused(
      await add(ACME),
      400,
      `${ACME} is the ticket's requester, who gets its mails already`,
      "BAD_REQUEST",
    );
    for (let i = 0; i < TICKET_CC_LIMITS.maxAddresses; i++) expect((await add(`p${i}@acme.test`)).status).toBe(200);
    await expectRefused(
      await add("one-more@acme.test"),
      400,
      `A ticket may copy at most ${TICKET_CC_LIMITS.maxAddresses} addresses`,
      "BAD_REQUEST",
    );
    const other = await acmeTicket("Another ticket", ["x@acme.test"]);
    const foreign = (await ccOf(other)).addresses[0]!.id;
    await expectRefused(
      await server.request(`/api/tickets/${ticketId}/cc/${foreign}`, { method: "DELETE", token: tokens[ADMIN] }),
      404,
      "CC address not found",
      "NOT_FOUND",
    );
    expect((await ccOf(ticketId)).addresses).toHaveLength(TICKET_CC_LIMITS.maxAddresses);
    expect((await ccOf(other)).addresses).toHaveLength(1);
  });

  it("a VIEWER reads the list but changes nothing; clients cannot reach the staff calls", async () => {
    const ticketId = await acmeTicket("Viewer check", ["tom@acme.test"]);
    expect(emailsOf(await ccOf(ticketId, tokens[VIEWER]))).toEqual(["tom@acme.test"]);
    const viewerAdd = await server.request(`/api/tickets/${ticketId}/cc`, {
      method: "POST",
      json: { email: "v@acme.test" },
      token: tokens[VIEWER],
    });
    expect(viewerAdd.status).toBe(403);
    const clientAdd = await server.request(`/api/tickets/${ticketId}/cc`, {
      method: "POST",
      json: { email: "c@acme.test" },
      token: tokens[ACME],
    });
    expect(clientAdd.status).toBe(403);
    expect(emailsOf(await ccOf(ticketId))).toEqual(["tom@acme.test"]);
  });
});

describe("a client and the CC list", () => {
  it("reads its own ticket's list; another company's ticket is not found", async () => {
    const ticketId = await acmeTicket("Client view", ["tom@acme.test"]);
    const own = await server.request(`/api/client/tickets/${ticketId}/cc`, { token: tokens[ACME] });
    expect(own.status).toBe(200);
    expect(emailsOf((await own.json()) as TicketCcList)).toEqual(["tom@acme.test"]);
    await expectTicketNotFound(await server.request(`/api/client/tickets/${ticketId}/cc`, { token: tokens[BIRCH] }));
    const trpc = await server.request(
      `/trpc/clientPortal.ticketCc?input=${encodeURIComponent(JSON.stringify({ id: ticketId }))}`,
      { token: tokens[BIRCH] },
    );
    expect(trpc.status).toBe(404);
  });

  it("does not see the list of its company's ticket held for review", async () => {
    const held = await ingest(await newMail(ACME, "Held one", "Hello", { cc: ["tom@acme.test"] }, { unsigned: true }));
    expect(emailsOf(await ccOf(held.ticketId!))).toEqual(["tom@acme.test"]);
    await expectTicketNotFound(
      await server.request(`/api/client/tickets/${held.ticketId}/cc`, { token: tokens[ACME] }),
    );
  });
});

describe("a merge and the CC list", () => {
  it("the duplicate's CC list joins the ticket it is merged into, without duplicates", async () => {
    const duplicate = await acmeTicket("Merge me", ["tom@acme.test", "partner@lawfirm.example"]);
    const kept = await acmeTicket("Keep me", ["tom@acme.test"]);
    const merged = await server.request(`/api/tickets/${duplicate}/merge`, {
      method: "POST",
      json: { targetId: kept },
      token: tokens[ADMIN],
    });
    expect(merged.status).toBe(200);
    expect(emailsOf(await ccOf(kept))).toEqual(["tom@acme.test", "partner@lawfirm.example"]);
  });
});
