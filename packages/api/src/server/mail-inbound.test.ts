// POST /api/mail/inbound, the webhook door of mail in, with the messages of the mail-in cases: what each
// becomes, the loop guards, the secret, and that a mail is written once however often it is posted.
import { describe, expect, it } from "vitest";
import { and, enquiries, eq, inboundMails, outbox, ticketComments, tickets } from "@repo/db";
import { ACME, demoCompanies } from "../test/fixtures.js";
import { startTestServer } from "../test/harness.js";
import { serverForFile } from "../test/file-server.js";
import {
  autoReply,
  bounce,
  latin1Mail,
  newMail,
  replyTo,
  withImageAndPdf,
  withLargeAttachment,
} from "../test/mails.js";
import { MAIL_IN_LIMITS } from "../mail/inbound/ingest.js";

const SECRET = "inbound-secret-of-the-tests-0123456789";
const { server } = serverForFile([], { config: { MAIL_INBOUND_SECRET: SECRET } });

function post(raw: Buffer, auth: string | null = `Bearer ${SECRET}`, contentType = "message/rfc822") {
  const headers: Record<string, string> = { "content-type": contentType };
  if (auth) headers.authorization = auth;
  return fetch(`${server.url}/api/mail/inbound`, { method: "POST", headers, body: new Uint8Array(raw) });
}

async function ingest(raw: Buffer): Promise<Record<string, string>> {
  const res = await post(raw);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, string>;
}

const db = () => server.services.db;
const ticketOf = async (id: string) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
const mailsOf = (ticketId: string) => db().select().from(outbox).where(eq(outbox.ticketId, ticketId));

describe("POST /api/mail/inbound", () => {
  it("refuses a caller without the secret or with a wrong one, and writes nothing", async () => {
    const raw = await newMail(ACME, "No secret", "Hello");
    for (const auth of [
      null,
      "Bearer wrong-secret-wrong-secret-wrong",
      `Basic ${Buffer.from("x:nope").toString("base64")}`,
    ]) {
      const res = await post(raw, auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "A valid inbound mail secret is required" });
    }
    const rows = await db().select().from(inboundMails).where(eq(inboundMails.subject, "No secret"));
    expect(rows).toHaveLength(0);
  });

  it("takes the secret as the password of Basic authentication, and a form field as the message", async () => {
    const form = new FormData();
    form.set("email", (await newMail(ACME, "Sent as a form", "Posted by a provider")).toString("utf8"));
    const res = await fetch(`${server.url}/api/mail/inbound`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`api:${SECRET}`).toString("base64")}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ticket" });
  });

  it("refuses a body that is not a mail", async () => {
    const res = await post(Buffer.from("<html>not a mail</html>"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "The body is not a MIME message" });
  });

  it("turns a client user's new mail into a ticket of their company, acknowledged automatically", async () => {
    const { acme } = await demoCompanies(server);
    const result = await ingest(
      await newMail(`"Dana Whitfield" <${ACME}>`, "Printer offline", "The printer is offline."),
    );
    expect(result.outcome).toBe("ticket");
    const ticket = await ticketOf(result.ticketId!);
    expect(ticket).toMatchObject({
      title: "Printer offline",
      description: "The printer is offline.",
      clientId: acme,
      source: "email",
      status: "NEW",
      requesterEmail: ACME,
      requesterName: "Dana Whitfield",
    });
    const mails = await mailsOf(ticket.id);
    const received = mails.find((m) => m.kind === "ticket.received")!;
    expect(received.to).toBe(ACME);
    expect(received.headers).toMatchObject({ "Auto-Submitted": "auto-replied" });
    expect(mails.find((m) => m.kind === "ticket.new")?.headers).toMatchObject({ "Auto-Submitted": "auto-generated" });
  });

  it("files a mail from a client company's domain under that company, and a stranger's as an enquiry", async () => {
    const { birch } = await demoCompanies(server);
    const colleague = await ingest(await newMail('"Pat Oak" <pat@birch.test>', "VPN down", "Cannot connect."));
    expect(colleague.outcome).toBe("ticket");
    expect(await ticketOf(colleague.ticketId!)).toMatchObject({ clientId: birch, requesterEmail: "pat@birch.test" });

    const stranger = await ingest(await newMail('"Lee Stone" <lee@gmail.com>', "Quote?", "Do you manage Macs?"));
    expect(stranger.outcome).toBe("enquiry");
    const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.id, stranger.enquiryId!));
    expect(enquiry).toMatchObject({ firstName: "Lee", lastName: "Stone", email: "lee@gmail.com", ref: "email" });
    expect(enquiry!.message).toContain("Do you manage Macs?");
  });

  it("adds a reply to our mail as the requester's comment, without the quote and signature, and reopens", async () => {
    const created = await ingest(await newMail(ACME, "Scanner jams", "It jams on every page."));
    const ticketId = created.ticketId!;
    await db().update(tickets).set({ status: "RESOLVED" }).where(eq(tickets.id, ticketId));
    const ours = (await mailsOf(ticketId)).find((m) => m.kind === "ticket.received")!;

    const reply = await ingest(
      await replyTo(
        ACME,
        { messageId: ours.headers!["Message-ID"]!, subject: ours.subject, text: ours.text },
        "It jams again today.",
      ),
    );
    expect(reply).toMatchObject({ outcome: "comment", ticketId });
    const [comment] = await db().select().from(ticketComments).where(eq(ticketComments.id, reply.commentId!));
    expect(comment).toMatchObject({
      content: "It jams again today.",
      source: "email",
      internal: false,
      authorName: "Dana Whitfield",
    });
    expect((await ticketOf(ticketId)).status).toBe("TRIAGED");
  });

  it("finds the ticket by the support+ref address or a [#ref] subject, and ends a wait for the customer", async () => {
    const created = await ingest(await newMail(ACME, "Wi-Fi slow", "Slow since Monday."));
    const ticketId = created.ticketId!;
    await db().update(tickets).set({ status: "WAITING_CUSTOMER" }).where(eq(tickets.id, ticketId));
    const ref = ticketId.slice(-8);
    const byAddress = await ingest(
      await newMail(ACME, "Re: Wi-Fi slow", "Still slow.", { to: `support+${ref}@northwind.test` }),
    );
    expect(byAddress).toMatchObject({ outcome: "comment", ticketId });
    expect((await ticketOf(ticketId)).status).toBe("IN_PROGRESS");
    const bySubject = await ingest(await newMail(ACME, `Wi-Fi [#${ref}]`, "Better now."));
    expect(bySubject).toMatchObject({ outcome: "comment", ticketId });
  });

  it("does not let a sender outside the ticket's company comment by quoting its reference", async () => {
    const created = await ingest(await newMail(ACME, "Private matter", "Only for Acme."));
    const ref = created.ticketId!.slice(-8);
    const result = await ingest(await newMail("client@birch.test", `About [#${ref}]`, "Let me in."));
    expect(result.outcome).toBe("ticket");
    expect(result.ticketId).not.toBe(created.ticketId);
    const comments = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, created.ticketId!));
    expect(comments).toHaveLength(0);
  });

  it("keeps auto-replies and bounces without a ticket, a comment or a mail of ours", async () => {
    const created = await ingest(await newMail(ACME, "Monitor flickers", "Flickers."));
    const ours = (await mailsOf(created.ticketId!))[0]!;
    const before = (await db().select().from(outbox)).length;

    const auto = await ingest(await autoReply(ACME, ours.headers!["Message-ID"]));
    expect(auto).toMatchObject({ outcome: "ignored", reason: "auto-reply" });
    const bounced = await ingest(await bounce());
    expect(bounced).toMatchObject({ outcome: "ignored", reason: "bounce" });
    const list = await ingest(
      await newMail(ACME, "Newsletter", "News", { headers: { "List-Id": "<news.acme.test>" } }),
    );
    expect(list).toMatchObject({ outcome: "ignored", reason: "list" });

    expect((await db().select().from(outbox)).length).toBe(before);
    const comments = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, created.ticketId!));
    expect(comments).toHaveLength(0);
    // Kept, so staff can still read what came in.
    const [kept] = await db().select().from(inboundMails).where(eq(inboundMails.id, bounced.mailId!));
    const original = await server.services.files.get(kept!.fileKey);
    expect(original!.toString("latin1")).toContain("Undelivered Mail Returned to Sender");
  });

  it("ignores our own mails coming back to the support mailbox", async () => {
    const [ours] = await db().select().from(outbox).where(eq(outbox.kind, "ticket.new")).limit(1);
    const raw = await newMail('"Northwind IT" <support@northwind.test>', ours!.subject, ours!.text, {
      messageId: ours!.headers!["Message-ID"],
    });
    expect(await ingest(raw)).toMatchObject({ outcome: "ignored", reason: "own mail" });
  });

  it("writes a mail once however often it is posted, at the same time or later", async () => {
    const raw = await newMail(ACME, "Posted twice", "Same mail.", { messageId: "<twice@acme.test>" });
    const results = await Promise.all([post(raw), post(raw), post(raw)].map(async (r) => (await r).json()));
    expect(results.filter((r) => r.outcome === "ticket")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "duplicate")).toHaveLength(2);
    expect(await ingest(raw)).toMatchObject({ outcome: "duplicate" });
    expect(await db().select().from(tickets).where(eq(tickets.title, "Posted twice"))).toHaveLength(1);
  });

  it("reads ISO-8859-1 and UTF-8 with an emoji subject", async () => {
    const latin = await ingest(latin1Mail(ACME));
    expect(await ticketOf(latin.ticketId!)).toMatchObject({
      title: "Problème d'accès au café",
      description: "Le réseau du café ne répond plus depuis ce matin.",
    });
    const emoji = await ingest(await newMail(ACME, "🔥 Server room too hot", "It is 31 °C in there."));
    expect(await ticketOf(emoji.ticketId!)).toMatchObject({
      title: "🔥 Server room too hot",
      description: "It is 31 °C in there.",
    });
  });

  it("takes a mail with an inline image and a PDF, and one with a 30 MB attachment, keeping the original", async () => {
    const withFiles = await ingest(await withImageAndPdf(ACME));
    expect(withFiles.outcome).toBe("ticket");
    expect((await ticketOf(withFiles.ticketId!)).description).toContain("See the screenshot");

    const large = await withLargeAttachment(ACME, 30 * 1024 * 1024);
    expect(large.length).toBeLessThan(MAIL_IN_LIMITS.maxBytes);
    const result = await ingest(large);
    expect(result.outcome).toBe("ticket");
    const [row] = await db()
      .select({ size: inboundMails.size })
      .from(inboundMails)
      .where(eq(inboundMails.id, result.mailId!));
    expect(row!.size).toBe(large.length);
  });

  it("keeps a sender's mails beyond the hourly limit without turning them into work", async () => {
    const sender = "flood@birch.test";
    const results: string[] = [];
    for (let i = 0; i <= MAIL_IN_LIMITS.perSenderPerHour; i++) {
      results.push((await ingest(await newMail(sender, `Flood ${i}`, "Again."))).outcome!);
    }
    expect(results.slice(0, -1).every((o) => o === "ticket")).toBe(true);
    expect(results.at(-1)).toBe("ignored");
    const kept = await db()
      .select()
      .from(inboundMails)
      .where(and(eq(inboundMails.fromAddress, sender), eq(inboundMails.reason, "rate limit")));
    expect(kept).toHaveLength(1);
  });

  it("lists what came in to staff, ignored mails included, and serves an original to staff only", async () => {
    const bounced = await ingest(await bounce());
    const [admin, client] = [await server.login("admin@northwind.test"), await server.login(ACME)];
    const res = await server.request("/api/mail/inbound?outcome=ignored", { token: admin });
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: { id: string; outcome: string; reason: string }[] };
    expect(mails.every((m) => m.outcome === "ignored")).toBe(true);
    expect(mails.find((m) => m.id === bounced.mailId)).toMatchObject({ reason: "bounce" });
    expect(mails[0]).not.toHaveProperty("fileKey");

    const original = await server.request(`/api/mail/inbound/${bounced.mailId}`, { token: admin });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("message/rfc822");
    expect(original.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await original.text()).toContain("Undelivered Mail Returned to Sender");

    expect((await server.request("/api/mail/inbound", { token: client })).status).toBe(403);
    expect((await server.request(`/api/mail/inbound/${bounced.mailId}`, { token: client })).status).toBe(403);
    expect((await server.request(`/api/mail/inbound/${bounced.mailId}`)).status).toBe(401);
    expect((await server.request("/api/mail/inbound/not-a-mail", { token: admin })).status).toBe(404);
  });

  it("deletes a ticket's mails and their files with the ticket", async () => {
    const created = await ingest(await newMail(ACME, "To be deleted", "Delete me."));
    const [row] = await db().select().from(inboundMails).where(eq(inboundMails.id, created.mailId!));
    expect(await server.services.files.get(row!.fileKey)).not.toBeNull();
    const admin = await server.login("admin@northwind.test");
    const res = await server.request(`/api/tickets/${created.ticketId}`, { method: "DELETE", token: admin });
    expect(res.status).toBe(200);
    expect(await db().select().from(inboundMails).where(eq(inboundMails.id, created.mailId!))).toHaveLength(0);
    expect(await server.services.files.get(row!.fileKey)).toBeNull();
  });
});

describe("POST /api/mail/inbound without MAIL_INBOUND_SECRET", () => {
  it("does not exist", async () => {
    const plain = await startTestServer({ seed: false });
    try {
      const res = await fetch(`${plain.url}/api/mail/inbound`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "message/rfc822" },
        body: new Uint8Array(await newMail(ACME, "Nobody home", "Hello")),
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
