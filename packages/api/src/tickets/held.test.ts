// Held intake through the public form and the staff's review (docs/decisions/0027-held-intake.md): a
// public ticket whose requester the company does not know is held, out of the company's portal and of
// every count, and acknowledged without its text; staff accept it (clock, portal, receipt) or reject it
// (deleted, audited). A company's trusted domains let their requesters in; a client names as requester
// only itself or a colleague.
import { describe, expect, it } from "vitest";
import { auditLogs, eq, outbox, tickets } from "@repo/db";
import { ACME, ADMIN, AGENT, BIRCH, CLIENT_TICKET, PUBLIC_TICKET, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME, BIRCH], { config: { TRUST_PROXY: 1 } });
const db = () => server.services.db;
const PHISH = "Your mailbox is full: https://evil.test/login";
let visitor = 0;

/** The public form as a visitor sends it (each from an address of its own, past the per-address limit). */
async function publicTicket(fields: Record<string, string>): Promise<string> {
  const res = await server.request("/api/tickets", {
    method: "POST",
    json: { ...PUBLIC_TICKET, ...fields },
    headers: { "x-forwarded-for": `203.0.113.${++visitor}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const portal = async (email: string) => {
  const [list, counts] = await Promise.all([
    server.request("/api/client/tickets", { token: tokens[email] }).then((r) => r.json() as Promise<{ id: string }[]>),
    server.request("/api/client/tickets/counts", { token: tokens[email] }).then((r) => r.json()),
  ]);
  return { ids: list.map((t) => t.id), counts };
};
const viewCounts = () =>
  server
    .request("/api/views/counts", { token: tokens[AGENT] })
    .then((r) => r.json() as Promise<Record<string, number>>);
const row = async (id: string) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];

describe("the public form", () => {
  it("holds tickets for a company from addresses it does not know, and shows them to staff only", async () => {
    const { birch } = await demoCompanies(server);
    const before = { portal: await portal(BIRCH), views: await viewCounts() };
    const ids: string[] = [];
    for (let n = 1; n <= 10; n++) {
      ids.push(
        await publicTicket({
          clientId: birch,
          requesterEmail: `victim${n}@birch.test`,
          title: "Mailbox full",
          description: PHISH,
        }),
      );
    }
    for (const id of ids) expect(await row(id)).toMatchObject({ held: true, status: "NEW", resolutionDueAt: null });
    expect(await portal(BIRCH)).toEqual(before.portal);
    expect(await viewCounts()).toEqual(before.views);
    const detail = await server.request(`/api/client/tickets/${ids[0]}`, { token: tokens[BIRCH] });
    expect(detail.status).toBe(404);

    // The requester is told a request is being reviewed, and nothing of what was written.
    const [ack] = await db().select().from(outbox).where(eq(outbox.to, "victim1@birch.test"));
    expect(ack!.subject).toContain("being reviewed");
    for (const text of [ack!.subject, ack!.text, ack!.html]) {
      expect(text).not.toContain("Mailbox full");
      expect(text).not.toContain("evil.test");
    }
    expect(ack!.headers!["Reply-To"]).toMatch(/^support\+[0-9a-f]{32}@/);

    // Staff find them among all tickets, marked; no filter, queue or saved view counts them.
    const listed = async (query: string) =>
      (
        (await (await server.request(`/api/tickets?${query}`, { token: tokens[AGENT] })).json()) as {
          tickets: { id: string; held: boolean }[];
        }
      ).tickets;
    expect((await listed("")).filter((t) => ids.includes(t.id)).every((t) => t.held)).toBe(true);
    expect((await listed("")).some((t) => ids.includes(t.id))).toBe(true);
    expect((await listed("status=NEW")).some((t) => ids.includes(t.id))).toBe(false);
    expect((await listed("view=unassigned")).some((t) => ids.includes(t.id))).toBe(false);
    const staff = await server.request(`/api/tickets/${ids[0]}`, { token: tokens[AGENT] });
    expect(await staff.json()).toMatchObject({ held: true, heldReason: expect.stringContaining("victim1@birch.test") });
  });

  it("does not hold a ticket whose requester is a user of the company", async () => {
    const { birch } = await demoCompanies(server);
    const id = await publicTicket({ clientId: birch, requesterEmail: BIRCH.toUpperCase() });
    expect((await row(id))!.held).toBe(false);
    expect((await portal(BIRCH)).ids).toContain(id);
  });
});

describe("staff review", () => {
  it("accept: the clock starts, the portal shows it, the requester gets the receipt", async () => {
    const { birch } = await demoCompanies(server);
    const id = await publicTicket({ clientId: birch, requesterEmail: "new.partner@birch.test", title: "New laptop" });
    const early = await server.request(`/api/tickets/${id}`, {
      method: "PATCH",
      token: tokens[AGENT],
      json: { status: "IN_PROGRESS" },
    });
    expect(early.status).toBe(409);
    const res = await server.request(`/api/tickets/${id}/accept`, { method: "POST", token: tokens[AGENT] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, held: false, heldReason: null });
    const accepted = await row(id);
    expect(accepted!.resolutionDueAt).not.toBeNull();
    expect(accepted!.pausedAt).toBeNull();
    expect((await portal(BIRCH)).ids).toContain(id);
    const mails = await db().select().from(outbox).where(eq(outbox.to, "new.partner@birch.test"));
    expect(mails.map((m) => m.subject).some((s) => s.includes("New laptop"))).toBe(true);
    const again = await server.request(`/api/tickets/${id}/accept`, { method: "POST", token: tokens[AGENT] });
    expect(again.status).toBe(409);
  });

  it("reject: deletes it and leaves an audit entry", async () => {
    const { birch } = await demoCompanies(server);
    const id = await publicTicket({ clientId: birch, requesterEmail: "stranger@birch.test", title: "Gift cards" });
    const res = await server.request(`/api/tickets/${id}/reject`, { method: "POST", token: tokens[AGENT] });
    expect(res.status).toBe(200);
    expect(await row(id)).toBeUndefined();
    const entries = await db().select().from(auditLogs).where(eq(auditLogs.action, "ticket.rejected"));
    expect(entries.map((e) => (e.changes?.ticket?.from as { id: string } | undefined)?.id)).toContain(id);
  });

  it("a client cannot accept, and a ticket not held cannot be rejected", async () => {
    const { birch } = await demoCompanies(server);
    const id = await publicTicket({ clientId: birch, requesterEmail: "other@birch.test" });
    expect((await server.request(`/api/tickets/${id}/accept`, { method: "POST", token: tokens[BIRCH] })).status).toBe(
      403,
    );
    const [open] = await db().select().from(tickets).where(eq(tickets.held, false)).limit(1);
    const res = await server.request(`/api/tickets/${open!.id}/reject`, { method: "POST", token: tokens[ADMIN] });
    expect(res.status).toBe(409);
    expect(await row(open!.id)).toBeDefined();
  });
});

describe("trusted domains", () => {
  it("an admin marks a domain trusted (audited); its public-form requesters are not held", async () => {
    const { birch } = await demoCompanies(server);
    const refused = await server.request(`/api/clients/${birch}`, {
      method: "PATCH",
      token: tokens[ADMIN],
      json: { trustedDomains: ["gmail.com"] },
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await server.request(`/api/clients/${birch}`, {
          method: "PATCH",
          token: tokens[AGENT],
          json: { trustedDomains: ["birch.test"] },
        })
      ).status,
    ).toBe(403);
    const res = await server.request(`/api/clients/${birch}`, {
      method: "PATCH",
      token: tokens[ADMIN],
      json: { trustedDomains: ["Birch.test"] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ trustedDomains: ["birch.test"] });
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "client.trusted_domains"));
    expect(entry!.changes).toMatchObject({ trustedDomains: { from: [], to: ["birch.test"] } });
    const id = await publicTicket({ clientId: birch, requesterEmail: "someone.new@birch.test" });
    expect((await row(id))!.held).toBe(false);
  });
});

describe("a client's requester", () => {
  it("is the client itself or a user of its company; another company's address is refused", async () => {
    const refused = await server.request("/api/client/tickets", {
      method: "POST",
      token: tokens[ACME],
      json: { ...CLIENT_TICKET, requesterEmail: BIRCH },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: "Requester email must be your own or that of a user of your company",
    });
    expect(await db().select().from(outbox).where(eq(outbox.subject, CLIENT_TICKET.title))).toHaveLength(0);
    const own = await server.request("/api/client/tickets", {
      method: "POST",
      token: tokens[ACME],
      json: CLIENT_TICKET,
    });
    expect(own.status).toBe(200);
    // Staff may still name anyone.
    const { acme } = await demoCompanies(server);
    const staff = await server.request("/api/tickets", {
      method: "POST",
      token: tokens[AGENT],
      json: { ...CLIENT_TICKET, clientId: acme, requesterEmail: "anyone@example.org" },
    });
    expect(staff.status).toBe(200);
  });
});
