// Hostile mail through the webhook (POST /api/mail/inbound) and the admin's quarantine (GET
// /api/mail/quarantine, retry, delete): a mail that cannot be parsed or stored is moved aside and answered
// 200 `{ quarantined }`, never 500; NUL bytes never reach the database; a mail's ticket description stays
// within the limit however many of its files were refused. The IMAP door's side is in imap.test.ts.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, auditLogs, eq, inboundMails, isNull, quarantinedMails, tickets } from "@repo/db";
import { MAX_LENGTHS } from "@repo/validators";
import { ACME, ADMIN, AGENT, VIEWER } from "../../test/fixtures.js";
import { serverForFile } from "../../test/file-server.js";
import {
  bogusCharsetMail,
  hugeHeaderMail,
  nestedMultipart,
  newMail,
  nulMail,
  refusedAttachments,
} from "../../test/mails.js";
import { HTML_TOO_LARGE_TEXT } from "./parse.js";
import { QUARANTINE_DELETED_ACTION, quarantineMail } from "./quarantine.js";

const SECRET = "inbound-secret-of-the-tests-0123456789";
const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER], { config: { MAIL_INBOUND_SECRET: SECRET } });
const db = () => server.services.db;

async function post(raw: Buffer): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${server.url}/api/mail/inbound`, {
    method: "POST",
    headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
    body: new Uint8Array(raw),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const quarantinedBy = (subject: string) =>
  db().select().from(quarantinedMails).where(eq(quarantinedMails.subject, subject));

describe("hostile mail on the webhook", () => {
  it("quarantines a mail of 2,000 nested parts with 200, once however often it comes, and takes the next", async () => {
    const poison = nestedMultipart(ACME);
    const first = await post(poison);
    expect(first).toEqual({ status: 200, body: { quarantined: "too many MIME parts" } });
    expect((await post(poison)).status).toBe(200);
    const rows = await quarantinedBy("Nested parts");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ via: "webhook", reason: "too many MIME parts", fromAddress: ACME });
    expect((await server.services.files.get(rows[0]!.fileKey))?.equals(poison)).toBe(true);

    const next = await post(await newMail(ACME, "After the poison", "Still read."));
    expect(next).toMatchObject({ status: 200, body: { outcome: "ticket" } });
  });

  it("refuses a 2 MB header into the quarantine, not a crash", async () => {
    expect(await post(hugeHeaderMail(ACME))).toEqual({ status: 200, body: { quarantined: "header too large" } });
    expect(await quarantinedBy("Huge header")).toHaveLength(1);
  });

  it("strips NUL bytes from the Subject, the sender's name and the body", async () => {
    const { status, body } = await post(nulMail(ACME));
    expect(status).toBe(200);
    expect(body.outcome).toBe("ticket");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, body.ticketId!));
    expect(ticket!.title).toBe("Printer offline");
    expect(ticket!.description).toBe("The printer is offline since this morning.");
    const [mail] = await db().select().from(inboundMails).where(eq(inboundMails.id, body.mailId!));
    expect(mail!.fromName).toBe("Dana W");
  });

  it("reads a mail in a charset nobody knows as far as it goes", async () => {
    const { status, body } = await post(bogusCharsetMail(ACME));
    expect(status).toBe(200);
    expect(body.outcome).toBe("ticket");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, body.ticketId!));
    expect(ticket!.title).toMatch(/^Caf.+ Wi-Fi down$/);
    expect(ticket!.title).not.toContain("\u0000");
    expect(ticket!.description).toMatch(/est en panne\.$/);
  });

  it("keeps a mail's ticket description within the limit after every refused file is counted", async () => {
    const { body } = await post(await refusedAttachments(ACME, 600, "x".repeat(9_000)));
    expect(body.outcome).toBe("ticket");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, body.ticketId!));
    expect(ticket!.description.length).toBeLessThanOrEqual(MAX_LENGTHS.description);
    expect(ticket!.description).toMatch(/^x{100}/);
    expect(ticket!.description).toContain("was not attached");
    expect(ticket!.description).toMatch(/\d+ more files were not attached\]$/);
  });

  it("takes a mail whose Message-ID is too long for the unique index, once", async () => {
    const id = `<${randomBytes(50_000).toString("hex")}@acme.test>`;
    const raw = await newMail(ACME, "Long Message-ID", "Hello", { messageId: id });
    expect((await post(raw)).body.outcome).toBe("ticket");
    expect((await post(raw)).body.outcome).toBe("duplicate");
  });

  it("does not convert HTML over 1 MB to text, and says so in the ticket", async () => {
    const html = `<table>${"<tr><td>row</td><td>cell</td></tr>".repeat(40_000)}</table>`;
    const raw = await newMail(ACME, "Huge HTML", "", { text: undefined, html });
    const { body } = await post(raw);
    expect(body.outcome).toBe("ticket");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, body.ticketId!));
    expect(ticket!.description).toBe(HTML_TOO_LARGE_TEXT);
  });

  it("answers 503 when not even the quarantine can be written, so that the provider retries later", async () => {
    const { files } = server.services;
    const put = files.put;
    // The disk refusing every write (full, or gone): the one fault this cannot take.
    files.put = () => Promise.reject(new Error("ENOSPC: no space left on device"));
    try {
      const res = await post(nestedMultipart(ACME));
      expect(res.status).toBe(503);
    } finally {
      files.put = put;
    }
  });

  it("answers 400 to a form that cannot be read, and writes nothing", async () => {
    const res = await fetch(`${server.url}/api/mail/inbound`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nowhere", authorization: `Bearer ${SECRET}` },
      body: "this is not a form",
    });
    expect(res.status).toBe(400);
  });
});

describe("the quarantine, for admins", () => {
  const call = (path: string, token: string, method = "GET") => server.request(`/api${path}`, { method, token });

  it("lists quarantined mails to an ADMIN only, with reason, sender and subject as text", async () => {
    await post(nestedMultipart(ACME));
    const res = await call("/mail/quarantine", tokens[ADMIN]!);
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: Record<string, unknown>[] };
    expect(mails.find((m) => m.subject === "Nested parts")).toMatchObject({
      via: "webhook",
      reason: "too many MIME parts",
      fromAddress: ACME,
      attempts: 1,
    });
    for (const who of [AGENT, VIEWER]) expect((await call("/mail/quarantine", tokens[who]!)).status).toBe(403);
  });

  it("retries a mail: one whose cause is gone becomes work and leaves the list; a poison stays", async () => {
    // A good mail quarantined as when the database was away for a moment.
    const good = await newMail(ACME, "Quarantined while the database was away", "Please retry me.");
    const { quarantineId } = await quarantineMail(server.services, good, "imap", "could not be stored", null);
    const retried = await call(`/mail/quarantine/${quarantineId}/retry`, tokens[ADMIN]!, "POST");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ outcome: "ticket", reason: null });
    expect(await db().select().from(quarantinedMails).where(eq(quarantinedMails.id, quarantineId))).toEqual([]);
    expect(
      await db().select().from(tickets).where(eq(tickets.title, "Quarantined while the database was away")),
    ).toHaveLength(1);

    const [poison] = await quarantinedBy("Nested parts");
    const again = await call(`/mail/quarantine/${poison!.id}/retry`, tokens[ADMIN]!, "POST");
    expect(await again.json()).toEqual({ outcome: "quarantined", reason: "too many MIME parts" });
    const [still] = await db().select().from(quarantinedMails).where(eq(quarantinedMails.id, poison!.id));
    expect(still!.attempts).toBe(2);
    expect((await call(`/mail/quarantine/${poison!.id}/retry`, tokens[AGENT]!, "POST")).status).toBe(403);
  });

  it("deletes a quarantined mail and its original, and audits who did it", async () => {
    const [row] = await quarantinedBy("Huge header");
    expect((await call(`/mail/quarantine/${row!.id}`, tokens[AGENT]!, "DELETE")).status).toBe(403);
    const res = await call(`/mail/quarantine/${row!.id}`, tokens[ADMIN]!, "DELETE");
    expect(res.status).toBe(200);
    expect(await quarantinedBy("Huge header")).toEqual([]);
    expect(await server.services.files.get(row!.fileKey)).toBeNull();
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, QUARANTINE_DELETED_ACTION), isNull(auditLogs.ticketId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorName: expect.any(String) });
    expect(JSON.stringify(audit[0]!.changes)).toContain("Huge header");
    expect((await call(`/mail/quarantine/${row!.id}`, tokens[ADMIN]!, "DELETE")).status).toBe(404);
    expect((await call("/mail/quarantine/not-a-uuid/retry", tokens[ADMIN]!, "POST")).status).toBe(404);
  });
});
