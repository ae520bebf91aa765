import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, ticketComments, tickets, users } from "@repo/db";
import type { DomainEvent } from "../events.js";
import { ACME, ADMIN, AGENT, BIRCH, CLIENT_TICKET, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import type { ClientTicket } from "@repo/validators";
import { expectRefused, expectTicketNotFound } from "../test/refusals.js";

const { server, tokens } = serverForFile([ACME, BIRCH, AGENT, ADMIN]);
let acme: string;
let birch: string;
let events: DomainEvent[] = [];

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  server.services.bus.subscribe((e) => events.push(e));
});
beforeEach(() => {
  events = [];
});

const as = (email: string) => tokens[email]!;
const get = (path: string, email?: string) => server.request(path, { token: email ? as(email) : undefined });
const send = (method: string, path: string, json: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? as(email) : undefined });

async function ticketIdByTitle(title: string): Promise<string> {
  const [row] = await server.services.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.title, title));
  return row!.id;
}

describe("profile", () => {
  it("returns the caller's company with empty fields as null", async () => {
    expect(await (await get("/api/client/profile", ACME)).json()).toEqual({
      id: acme,
      name: "Acme Dental",
      contactEmail: "office@acme.test",
      contactPhone: "+1 (416) 555-0188",
      address: "120 Queen St W, Toronto, ON M5H 2N2",
      description: "Family dental practice with 12 staff across two floors.",
    });
    expect(await (await get("/api/client/profile", BIRCH)).json()).toMatchObject({
      id: birch,
      contactPhone: null,
      address: null,
    });
  });

  it("is for client accounts only", async () => {
    expect((await get("/api/client/profile", AGENT)).status).toBe(403);
    expect((await get("/api/client/profile")).status).toBe(401);
  });
});

describe("tickets", () => {
  it("lists only the company's tickets, newest first, without internal data", async () => {
    const res = await get("/api/client/tickets", ACME);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ClientTicket[];
    expect(list).toHaveLength(6);
    expect(list.every((t) => t.clientId === acme)).toBe(true);
    expect(list.map((t) => t.createdAt)).toEqual(
      list
        .map((t) => t.createdAt)
        .sort()
        .reverse(),
    );
    expect(Object.keys(list[0]!)).not.toContain("assigneeId");
    expect(Object.keys(list[0]!)).not.toContain("comments");
  });

  it("creates a NEW ticket for the caller's company, with the source client, and publishes it", async () => {
    const res = await send(
      "POST",
      "/api/client/tickets",
      { ...CLIENT_TICKET, clientId: birch, status: "CLOSED" },
      ACME,
    );
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as ClientTicket;
    expect(ticket).toMatchObject({
      title: CLIENT_TICKET.title,
      status: "NEW",
      priority: "P2",
      clientId: acme,
      comments: [],
    });
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.source).toBe("client");
    expect(events).toEqual([{ type: "ticket.created", ticketId: ticket.id, clientId: acme, internal: false }]);
  });

  it("validates with the client form's messages and defaults", async () => {
    const res = await send(
      "POST",
      "/api/client/tickets",
      { title: "Hey", description: "Too short", requesterName: "", requesterEmail: "x" },
      ACME,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues.map((i) => i.message)).toEqual([
      "Title must be at least 5 characters",
      "Description must be at least 20 characters",
      "Your name is required",
      "Valid email is required",
    ]);
    const { type: _t, priority: _p, ...rest } = CLIENT_TICKET;
    const created = (await (await send("POST", "/api/client/tickets", rest, ACME)).json()) as ClientTicket;
    expect(created).toMatchObject({ type: "REQUEST", priority: "P3" });
  });

  it("shows a ticket with its assignee and public comments only", async () => {
    const id = await ticketIdByTitle("Email not syncing on the hygienists' iPads");
    const ticket = (await (await get(`/api/client/tickets/${id}`, ACME)).json()) as ClientTicket;
    expect(ticket.assignee).toEqual({ name: "Sam Patel", email: AGENT });
    expect(ticket.comments).toEqual([
      {
        id: expect.any(String),
        authorName: "Sam Patel",
        content: expect.stringContaining("we can reproduce it"),
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(ticket)).not.toContain("old mail server name");
  });

  it("edits title, description and priority of an open ticket, never its status", async () => {
    const created = (await (await send("POST", "/api/client/tickets", CLIENT_TICKET, ACME)).json()) as ClientTicket;
    events = [];
    const res = await send(
      "PATCH",
      `/api/client/tickets/${created.id}`,
      { title: "Shared calendar gone", priority: "P1", status: "CLOSED" },
      ACME,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: "Shared calendar gone",
      priority: "P1",
      status: "NEW",
      description: CLIENT_TICKET.description,
    });
    expect(events).toEqual([{ type: "ticket.updated", ticketId: created.id, clientId: acme, internal: false }]);
    const short = await send("PATCH", `/api/client/tickets/${created.id}`, { description: "short" }, ACME);
    expect(((await short.json()) as { error: string }).error).toBe("Description must be at least 20 characters");
  });

  it.each(["RESOLVED", "CLOSED"])(
    "refuses to edit a %s ticket with the spec's note, changing nothing",
    async (status) => {
      const id = await ticketIdByTitle(
        status === "RESOLVED" ? "Quarterly backup restore test" : "Wi-Fi password change for the guest network",
      );
      const res = await send("PATCH", `/api/client/tickets/${id}`, { title: "Edited after the fact" }, ACME);
      await expectRefused(res, 409, `This ticket is ${status} and cannot be edited.`, "CONFLICT");
      const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
      expect(row!.title).not.toBe("Edited after the fact");
      expect(events).toEqual([]);
    },
  );

  it("adds a comment (never internal); on a RESOLVED ticket it reopens it to TRIAGED", async () => {
    const id = await ticketIdByTitle("Quarterly backup restore test");
    const res = await send(
      "POST",
      `/api/client/tickets/${id}/comments`,
      { content: "The restore misses March.", internal: true },
      ACME,
    );
    expect(res.status).toBe(200);
    const comment = (await res.json()) as Record<string, unknown>;
    expect(comment).toEqual({
      id: expect.any(String),
      authorName: "Dana Whitfield",
      content: "The restore misses March.",
      createdAt: expect.any(String),
    });
    const [stored] = await server.services.db
      .select()
      .from(ticketComments)
      .where(eq(ticketComments.id, comment.id as string));
    expect(stored!.internal).toBe(false);
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ status: "TRIAGED", resolvedAt: null });
    expect(events).toEqual([
      { type: "comment.created", ticketId: id, clientId: acme, internal: false },
      { type: "ticket.updated", ticketId: id, clientId: acme, internal: false },
    ]);
  });

  it("shows the statuses a ticket went through and when to expect an answer, nothing staff-only", async () => {
    const created = (await (await send("POST", "/api/client/tickets", CLIENT_TICKET, ACME)).json()) as ClientTicket;
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, created.id));
    expect(created.timeline).toEqual([{ status: "NEW", at: created.createdAt }]);
    expect(created.expectations).toEqual({
      firstResponseAt: null,
      respondBy: row!.responseDueAt!.toISOString(),
      resolveBy: row!.resolutionDueAt!.toISOString(),
      paused: false,
      target: { firstResponseMinutes: expect.any(Number), resolutionMinutes: expect.any(Number), businessHours: true },
    });

    await send("POST", `/api/tickets/${created.id}/comments`, { content: "Looking into it now." }, AGENT);
    await send("PATCH", `/api/tickets/${created.id}`, { status: "IN_PROGRESS" }, AGENT);
    await send("PATCH", `/api/tickets/${created.id}`, { status: "WAITING_CUSTOMER" }, AGENT);
    const ticket = (await (await get(`/api/client/tickets/${created.id}`, ACME)).json()) as ClientTicket;
    expect(ticket.timeline!.map((step) => step.status)).toEqual(["NEW", "IN_PROGRESS", "WAITING_CUSTOMER"]);
    expect(ticket.timeline!.map((step) => step.at)).toEqual([...ticket.timeline!.map((step) => step.at)].sort());
    // Answered, and waiting on the client: no due time to promise, the clock stands still.
    expect(ticket.expectations).toMatchObject({
      firstResponseAt: expect.any(String),
      respondBy: null,
      resolveBy: null,
      paused: true,
    });
    expect(JSON.stringify(ticket)).not.toMatch(/actor|slaState|at_risk/);

    const overTrpc = await server.request(
      `/trpc/clientPortal.ticket?input=${encodeURIComponent(JSON.stringify({ id: created.id }))}`,
      { token: as(ACME) },
    );
    const { result } = (await overTrpc.json()) as { result: { data: ClientTicket } };
    expect(result.data).toMatchObject({ timeline: ticket.timeline, expectations: ticket.expectations });
  });

  it("is refused to staff and anonymous callers", async () => {
    expect((await get("/api/client/tickets", ADMIN)).status).toBe(403);
    expect((await send("POST", "/api/client/tickets", CLIENT_TICKET)).status).toBe(401);
  });
});

describe("tenant matrix: a CLIENT of Acme and every Birch ticket and comment", () => {
  it("gets 404 for each, over REST and tRPC, and changes nothing", async () => {
    const db = server.services.db;
    const birchTickets = await db.select().from(tickets).where(eq(tickets.clientId, birch)).orderBy(asc(tickets.id));
    const birchComments = await db
      .select({ id: ticketComments.id, ticketId: ticketComments.ticketId })
      .from(ticketComments)
      .innerJoin(tickets, eq(ticketComments.ticketId, tickets.id))
      .where(eq(tickets.clientId, birch));
    expect(birchTickets.length).toBeGreaterThan(0);
    expect(birchComments.length).toBeGreaterThan(0);
    const snapshot = async () => ({
      tickets: await db.select().from(tickets).where(eq(tickets.clientId, birch)).orderBy(asc(tickets.id)),
      comments: (
        await db
          .select({ id: ticketComments.id })
          .from(ticketComments)
          .innerJoin(tickets, eq(ticketComments.ticketId, tickets.id))
          .where(eq(tickets.clientId, birch))
      ).length,
    });
    const before = await snapshot();
    events = [];

    // Every id of Birch: its tickets, and its comments' ids used where a ticket id is expected.
    const foreignIds = [...birchTickets.map((t) => t.id), ...birchComments.map((c) => c.id)];
    for (const id of foreignIds) {
      const rest = [
        await get(`/api/client/tickets/${id}`, ACME),
        await send("PATCH", `/api/client/tickets/${id}`, { title: "Hijacked ticket", priority: "P1" }, ACME),
        await send("POST", `/api/client/tickets/${id}/comments`, { content: "Hijacked comment" }, ACME),
      ];
      expect(rest.map((r) => r.status)).toEqual([404, 404, 404]);
      for (const r of rest) await expectTicketNotFound(r);

      const trpc = [
        await server.request(`/trpc/clientPortal.ticket?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
          token: as(ACME),
        }),
        await server.request("/trpc/clientPortal.updateTicket", {
          method: "POST",
          json: { id, title: "Hijacked ticket" },
          token: as(ACME),
        }),
        await server.request("/trpc/clientPortal.addComment", {
          method: "POST",
          json: { id, content: "Hijacked comment" },
          token: as(ACME),
        }),
      ];
      expect(trpc.map((r) => r.status)).toEqual([404, 404, 404]);

      // The staff paths refuse a client outright.
      const staff = [
        await get(`/api/tickets/${id}`, ACME),
        await send("PATCH", `/api/tickets/${id}`, { title: "Hijacked ticket" }, ACME),
        await send("DELETE", `/api/tickets/${id}`, undefined, ACME),
        await get(`/api/tickets/${id}/comments`, ACME),
        await send("POST", `/api/tickets/${id}/comments`, { content: "Hijacked comment" }, ACME),
        await get(`/api/tickets/${id}/history`, ACME),
        await server.request("/trpc/tickets.update", {
          method: "POST",
          json: { id, title: "Hijacked ticket" },
          token: as(ACME),
        }),
        await server.request("/trpc/tickets.delete", { method: "POST", json: { id }, token: as(ACME) }),
      ];
      expect(staff.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    }

    const list = (await (await get("/api/client/tickets", ACME)).json()) as ClientTicket[];
    expect(list.filter((t) => t.clientId !== acme)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(events).toEqual([]);
    const hijacked = await db.select().from(ticketComments).where(eq(ticketComments.content, "Hijacked comment"));
    expect(hijacked).toEqual([]);
  });

  it("takes the company from the session, never from the request", async () => {
    // A client's company is read from its user row on every request, never from the request.
    const [user] = await server.services.db.select().from(users).where(eq(users.email, ACME));
    expect(user!.clientId).toBe(acme);
    const forged = await send("POST", "/api/client/tickets", { ...CLIENT_TICKET, clientId: birch }, ACME);
    expect(((await forged.json()) as ClientTicket).clientId).toBe(acme);
  });
});
