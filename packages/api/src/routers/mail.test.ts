// The staff's view of the outbox over REST: a ticket's mails and their state, the outbox with the mails'
// text (the development mail view, no SMTP_URL here so everything stays pending), and who may do what.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, outbox } from "@repo/db";
import { site } from "@repo/content";
import { ACME as CLIENT, ADMIN, AGENT, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import type { MailMessage, MailSummary } from "./mail.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, CLIENT]);
let ticketId: string;

beforeAll(async () => {
  const { acme } = await demoCompanies(server);
  const res = await server.request("/api/tickets", {
    method: "POST",
    json: {
      title: "Email stopped syncing",
      description: "Outlook stopped syncing on the front desk PC since the update.",
      requesterName: "Pat Visitor",
      requesterEmail: "pat@example.org",
      clientId: acme,
      priority: "P3",
      type: "Incident",
    },
  });
  ticketId = ((await res.json()) as { id: string }).id;
  await server.request(`/api/tickets/${ticketId}/comments`, {
    method: "POST",
    token: tokens[AGENT],
    json: { content: "Rebuilt the profile, please check.", internal: false },
  });
});

const get = (path: string, as?: string) => server.request(path, { token: as && tokens[as] });

describe("GET /api/tickets/{id}/mails", () => {
  it("lists the ticket's mails, newest first, with their state", async () => {
    const res = await get(`/api/tickets/${ticketId}/mails`, AGENT);
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: MailSummary[] };
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ["ticket.reply", "pat@example.org"],
      ["ticket.new", site.supportEmail],
      ["ticket.received", "pat@example.org"],
    ]);
    expect(mails[0]).toEqual({
      id: expect.any(String),
      kind: "ticket.reply",
      to: "pat@example.org",
      subject: `Re: [${site.name} #${ticketId.slice(-8)}] Email stopped syncing`,
      status: "pending",
      attempts: 0,
      lastError: null,
      ticketId,
      nextAttemptAt: expect.any(String),
      sentAt: null,
      createdAt: expect.any(String),
    });
  });

  it("is for staff: a viewer reads it, a client is refused, a visitor must sign in", async () => {
    expect((await get(`/api/tickets/${ticketId}/mails`, VIEWER)).status).toBe(200);
    expect((await get(`/api/tickets/${ticketId}/mails`, CLIENT)).status).toBe(403);
    expect((await get(`/api/tickets/${ticketId}/mails`)).status).toBe(401);
  });

  it("answers 404 for an unknown or malformed ticket id", async () => {
    expect((await get(`/api/tickets/0198a000-0000-7000-8000-000000000000/mails`, AGENT)).status).toBe(404);
    const res = await get(`/api/tickets/nope/mails`, AGENT);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Ticket not found" });
  });
});

describe("GET /api/mails", () => {
  it("shows staff the outbox with each mail's text and headers, filtered by status", async () => {
    const res = await get("/api/mails?status=pending", AGENT);
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: MailMessage[] };
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(mails.every((m) => m.status === "pending")).toBe(true);
    const reply = mails.find((m) => m.kind === "ticket.reply")!;
    expect(reply.text).toContain("> Rebuilt the profile, please check.");
    expect(reply.html).toContain("Rebuilt the profile, please check.");
    expect(reply.headers).toMatchObject({ "In-Reply-To": `<ticket-${ticketId}@northwind.test>` });

    const none = (await (await get("/api/mails?status=sent", AGENT)).json()) as { mails: MailMessage[] };
    expect(none.mails).toEqual([]);
    const limited = (await (await get("/api/mails?limit=1", AGENT)).json()) as { mails: MailMessage[] };
    expect(limited.mails).toHaveLength(1);
  });

  it("never shows staff the body of a password reset mail, whose link would open the account", async () => {
    await server.request("/api/auth/password-reset", { method: "POST", json: { email: ADMIN } });
    const { mails } = (await (await get("/api/mails", AGENT)).json()) as { mails: MailMessage[] };
    const reset = mails.find((m) => m.kind === "account.password_reset")!;
    expect(reset.to).toBe(ADMIN);
    expect(reset.text).toBe("(This mail holds a one-time link that sets a password: it is not shown here.)");
    expect(reset.html).toBeNull();
    const [stored] = await server.services.db.select().from(outbox).where(eq(outbox.id, reset.id));
    expect(stored!.text).toContain("#token=");
  });

  it("refuses a bad filter with 400, and clients with 403", async () => {
    expect((await get("/api/mails?status=lost", AGENT)).status).toBe(400);
    expect((await get("/api/mails?limit=0", AGENT)).status).toBe(400);
    expect((await get("/api/mails", CLIENT)).status).toBe(403);
  });
});

describe("POST /api/mails/{id}/retry", () => {
  it("is for admins only, for failed mails only", async () => {
    const db = server.services.db;
    const [mail] = await db.select().from(outbox).where(eq(outbox.ticketId, ticketId)).limit(1);
    const retry = (as: string, id = mail!.id) =>
      server.request(`/api/mails/${id}/retry`, { method: "POST", token: tokens[as] });

    expect((await retry(AGENT)).status).toBe(403);
    expect((await retry(VIEWER)).status).toBe(403);
    expect((await retry(ADMIN)).status).toBe(409);
    expect((await retry(ADMIN, "0198a000-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await retry(ADMIN, "nope")).status).toBe(404);

    await db
      .update(outbox)
      .set({ status: "failed", attempts: 10, lastError: "550 mailbox unavailable" })
      .where(eq(outbox.id, mail!.id));
    const res = await retry(ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: mail!.id, status: "pending", attempts: 0, lastError: null });
  });
});
