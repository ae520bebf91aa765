// The staff list's bulk actions and "Assign to me" (docs/features.md §8), over REST and tRPC, role by role: one change
// to tickets of several companies in one transaction, audited per ticket, one live event each.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, eq, inArray, tickets } from "@repo/db";
import type { DomainEvent } from "../events.js";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused, expectTicketNotFound } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let ids: Record<string, string>;
let companies: { acme: string; birch: string };
let events: DomainEvent[] = [];

beforeAll(async () => {
  companies = await demoCompanies(server);
  ids = await userIds(server);
  server.services.bus.subscribe((e) => events.push(e));
});
beforeEach(() => {
  events = [];
});

const post = (path: string, json: unknown, email?: string) =>
  server.request(path, { method: "POST", json, token: email ? tokens[email] : undefined });

/** One new ticket of each company, so a bulk action spans two companies. */
async function twoCompaniesTickets(): Promise<[string, string]> {
  const made: string[] = [];
  for (const clientId of [companies.acme, companies.birch]) {
    const res = await post(
      "/api/tickets",
      {
        title: "Printer offline",
        description: "The printer on the second floor shows offline for everyone.",
        type: "INCIDENT",
        priority: "P3",
        status: "NEW",
        requesterName: "Pat Lee",
        requesterEmail: "pat@example.org",
        clientId,
        tags: ["printer"],
      },
      AGENT,
    );
    expect(res.status).toBe(200);
    made.push(((await res.json()) as { id: string }).id);
  }
  events = [];
  return made as [string, string];
}

const rows = (which: string[]) => server.services.db.select().from(tickets).where(inArray(tickets.id, which));

describe("bulk update", () => {
  it("changes tickets of two companies at once, audits each and sends one event per ticket", async () => {
    const pair = await twoCompaniesTickets();
    const res = await post(
      "/api/tickets/bulk-update",
      { ids: pair, status: "IN_PROGRESS", priority: "P2", assigneeId: ids[AGENT], addTag: "floor-2" },
      AGENT,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ids: [...pair].sort(), changed: 2 });
    for (const row of await rows(pair)) {
      expect(row).toMatchObject({ status: "IN_PROGRESS", priority: "P2", assigneeId: ids[AGENT] });
      expect(row.tags).toEqual(["printer", "floor-2"]);
    }
    const audit = await server.services.db.select().from(auditLogs).where(inArray(auditLogs.ticketId, pair));
    const updates = audit.filter((a) => a.action === "ticket.updated");
    expect(updates.map((a) => a.ticketId).sort()).toEqual([...pair].sort());
    expect(updates.every((a) => a.actorName === "Sam Patel" && a.changes?.status?.to === "IN_PROGRESS")).toBe(true);
    expect(
      events
        .filter((e) => e.type === "ticket.updated")
        .map((e) => e.ticketId)
        .sort(),
    ).toEqual([...pair].sort());
    expect(new Set(events.map((e) => e.clientId))).toEqual(new Set([companies.acme, companies.birch]));
  });

  it("works the same over tRPC, and counts only the tickets it changed", async () => {
    const pair = await twoCompaniesTickets();
    await post("/api/tickets/bulk-update", { ids: [pair[0]], addTag: "vip" }, AGENT);
    events = [];
    const res = await post("/trpc/tickets.bulkUpdate", { ids: pair, addTag: "vip" }, AGENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { ids: [...pair].sort(), changed: 1 } } });
    expect(events.map((e) => e.ticketId)).toEqual([pair[1]]);
  });

  it("changes nothing when one of the tickets does not exist", async () => {
    const pair = await twoCompaniesTickets();
    const missing = "0198a000-0000-7000-8000-000000000000";
    const res = await post("/api/tickets/bulk-update", { ids: [...pair, missing], status: "CLOSED" }, AGENT);
    await expectTicketNotFound(res);
    expect((await rows(pair)).map((r) => r.status)).toEqual(["NEW", "NEW"]);
    expect(events).toEqual([]);
  });

  it("refuses an empty selection, a request without a change, and an unknown assignee", async () => {
    const pair = await twoCompaniesTickets();
    const empty = await post("/api/tickets/bulk-update", { ids: [], status: "CLOSED" }, AGENT);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("Select at least one ticket");
    const nothing = await post("/api/tickets/bulk-update", { ids: pair }, AGENT);
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { error: string }).error).toBe("Choose a change to apply");
    const nobody = await post("/api/tickets/bulk-update", { ids: pair, assigneeId: ids[ACME] }, AGENT);
    expect(nobody.status).toBe(400);
    expect((await rows(pair)).map((r) => r.assigneeId)).toEqual([null, null]);
  });

  it("is refused to a viewer, a client and an anonymous caller, changing nothing", async () => {
    const pair = await twoCompaniesTickets();
    const body = { ids: pair, status: "CLOSED" };
    await expectRefused(
      await post("/api/tickets/bulk-update", body, VIEWER),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await post("/api/tickets/bulk-update", body, ACME)).status).toBe(403);
    expect((await post("/trpc/tickets.bulkUpdate", body, BIRCH)).status).toBe(403);
    expect((await post("/api/tickets/bulk-update", body)).status).toBe(401);
    expect((await rows(pair)).map((r) => r.status)).toEqual(["NEW", "NEW"]);
  });
});

describe("bulk delete", () => {
  it("is for administrators only, and deletes all of the tickets or none", async () => {
    const pair = await twoCompaniesTickets();
    await expectRefused(
      await post("/api/tickets/bulk-delete", { ids: pair }, AGENT),
      403,
      "Only administrators can delete tickets",
      "FORBIDDEN",
    );
    const missing = "0198a000-0000-7000-8000-000000000000";
    expect((await post("/api/tickets/bulk-delete", { ids: [...pair, missing] }, ADMIN)).status).toBe(404);
    expect(await rows(pair)).toHaveLength(2);

    const res = await post("/trpc/tickets.bulkDelete", { ids: pair }, ADMIN);
    expect(res.status).toBe(200);
    expect(await rows(pair)).toHaveLength(0);
    expect(events.map((e) => e.ticketId).sort()).toEqual([...pair].sort());
  });
});

describe("assign to me", () => {
  it("gives the ticket to the caller, over REST and tRPC; a viewer is refused", async () => {
    const [acmeTicket, birchTicket] = await twoCompaniesTickets();
    const res = await post(`/api/tickets/${acmeTicket}/assign-to-me`, {}, AGENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: acmeTicket, assignee: { email: AGENT } });
    expect((await post("/trpc/tickets.assignToMe", { id: birchTicket }, ADMIN)).status).toBe(200);
    const [birchRow] = await server.services.db.select().from(tickets).where(eq(tickets.id, birchTicket));
    expect(birchRow!.assigneeId).toBe(ids[ADMIN]);
    expect((await post(`/api/tickets/${acmeTicket}/assign-to-me`, {}, VIEWER)).status).toBe(403);
    expect((await post(`/api/tickets/${acmeTicket}/assign-to-me`, {}, ACME)).status).toBe(403);
  });
});
