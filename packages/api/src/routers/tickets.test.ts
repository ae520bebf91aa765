import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, count, eq, rateLimits, ticketComments, tickets } from "@repo/db";
import { PUBLIC_LIMITS } from "../auth/rate-limit.js";
import type { DomainEvent } from "../events.js";
import { recomputeAllSla } from "../sla/recompute.js";
import { ACME, ADMIN, AGENT, demoCompanies, userIds, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import type { StaffTicket } from "@repo/validators";
import { expectTicketNotFound } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
let acme: string;
let birch: string;
let ids: Record<string, string>;
let events: DomainEvent[] = [];

beforeAll(async () => {
  await recomputeAllSla(server.services.db);
  ({ acme, birch } = await demoCompanies(server));
  ids = await userIds(server);
  server.services.bus.subscribe((e) => events.push(e));
});
beforeEach(async () => {
  events = [];
  await server.services.db.delete(rateLimits);
});

const as = (email: string) => tokens[email]!;
const get = (path: string, email?: string) => server.request(path, { token: email ? as(email) : undefined });
const send = (method: string, path: string, json: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? as(email) : undefined });
const ticketCount = async () => (await server.services.db.select({ n: count() }).from(tickets))[0]!.n;

const staffPayload = (over: Record<string, unknown> = {}) => ({
  title: "Laptop will not boot",
  description: "Black screen after the logo since this morning.",
  type: "INCIDENT",
  priority: "P2",
  requesterName: "Dana Whitfield",
  requesterEmail: "dana@acme.test",
  clientId: acme,
  assigneeId: "",
  tags: ["laptop"],
  ...over,
});
const publicPayload = (over: Record<string, unknown> = {}) => ({
  title: "Printer offline",
  description: "The office printer shows offline on every PC since Monday.",
  requesterName: "Pat Visitor",
  requesterEmail: "pat@example.test",
  clientId: birch,
  priority: "P3",
  type: "Incident",
  ...over,
});

async function createAsStaff(over: Record<string, unknown> = {}, email = AGENT): Promise<StaffTicket> {
  const res = await send("POST", "/api/tickets", staffPayload(over), email);
  expect(res.status).toBe(200);
  return (await res.json()) as StaffTicket;
}

describe("GET /api/tickets", () => {
  it("lists newest first with total, page and pageSize, for ADMIN, AGENT and VIEWER", async () => {
    for (const email of [ADMIN, AGENT, VIEWER]) {
      const res = await get("/api/tickets?pageSize=5", email);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { tickets: StaffTicket[]; total: number; page: number; pageSize: number };
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(5);
      expect(body.tickets).toHaveLength(5);
      expect(body.total).toBe(await ticketCount());
      const created = body.tickets.map((t) => t.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(body.tickets[0]!.client?.name).toMatch(/Acme Dental|Birch Legal/);
    }
  });

  it("pages without overlap", async () => {
    const one = (await (await get("/api/tickets?pageSize=4&page=1", AGENT)).json()) as { tickets: StaffTicket[] };
    const two = (await (await get("/api/tickets?pageSize=4&page=2", AGENT)).json()) as { tickets: StaffTicket[] };
    const overlap = one.tickets.filter((t) => two.tickets.some((u) => u.id === t.id));
    expect(overlap).toEqual([]);
  });

  it("searches title, description, requester name and email, case-insensitively", async () => {
    const search = async (q: string) =>
      ((await (await get(`/api/tickets?q=${encodeURIComponent(q)}`, AGENT)).json()) as { tickets: StaffTicket[] })
        .tickets;
    expect((await search("PRINTER JAMS")).map((t) => t.title)).toEqual([
      "Front desk printer jams on every second page",
    ]);
    expect((await search("blue screen")).map((t) => t.title)).toEqual(["Practice management server is down"]);
    expect((await search("jordan birch")).every((t) => t.requesterName === "Jordan Birch")).toBe(true);
    expect((await search("client@birch.test")).length).toBe(6);
    // LIKE wildcards are searched literally.
    expect(await search("%")).toEqual([]);
  });

  it("filters by status and priority; 'all' or absent means no filter", async () => {
    const body = async (qs: string) =>
      (await (await get(`/api/tickets?${qs}`, AGENT)).json()) as { tickets: StaffTicket[]; total: number };
    const p1 = await body("priority=P1");
    expect(p1.total).toBeGreaterThan(0);
    expect(p1.tickets.every((t) => t.priority === "P1")).toBe(true);
    const closed = await body("status=CLOSED&priority=all");
    expect(closed.tickets.every((t) => t.status === "CLOSED")).toBe(true);
    expect((await body("status=all&priority=all")).total).toBe(await ticketCount());
    const both = await body("status=NEW&priority=P1&q=vpn");
    expect(both.tickets.map((t) => t.title)).toEqual(["VPN disconnects every few minutes"]);
  });

  it("rejects bad filters with 400, and refuses clients and anonymous callers", async () => {
    expect((await get("/api/tickets?status=OPEN", AGENT)).status).toBe(400);
    expect((await get("/api/tickets?pageSize=1000", AGENT)).status).toBe(400);
    expect((await get("/api/tickets", ACME)).status).toBe(403);
    expect((await get("/api/tickets")).status).toBe(401);
  });
});

describe("POST /api/tickets with a staff session", () => {
  it("creates the ticket, stamps SLA due times, writes the audit log and publishes ticket.created", async () => {
    const ticket = await createAsStaff({ assigneeId: ids[AGENT], tags: ["laptop", "urgent"] });
    expect(ticket).toMatchObject({
      title: "Laptop will not boot",
      type: "INCIDENT",
      priority: "P2",
      status: "NEW",
      clientId: acme,
      client: { id: acme, name: "Acme Dental" },
      assigneeId: ids[AGENT],
      assignee: { id: ids[AGENT], name: "Sam Patel", email: AGENT },
      tags: ["laptop", "urgent"],
      source: "staff",
      slaState: "ok",
      firstResponseAt: null,
    });
    expect(ticket.responseDueAt).not.toBeNull();
    expect(new Date(ticket.resolutionDueAt!).getTime()).toBeGreaterThan(new Date(ticket.responseDueAt!).getTime());
    const audit = await server.services.db.select().from(auditLogs).where(eq(auditLogs.ticketId, ticket.id));
    expect(audit).toMatchObject([{ action: "ticket.created", actorId: ids[AGENT], actorName: "Sam Patel" }]);
    expect(events).toEqual([{ type: "ticket.created", ticketId: ticket.id, clientId: acme, internal: false }]);
  });

  it("answers exactly what a read of the new ticket answers, also after a rule changed it", async () => {
    const answeredAsRead = async (over: Record<string, unknown>) => {
      const created = await createAsStaff(over);
      expect(await (await get(`/api/tickets/${created.id}`, AGENT)).json()).toEqual(created);
      return created;
    };
    await answeredAsRead({});
    await answeredAsRead({ assigneeId: ids[AGENT], status: "IN_PROGRESS" });

    // A rule that acts on the new ticket: the answer shows its change and its reply (read again).
    const rule = await send(
      "POST",
      "/api/automation/rules",
      {
        name: "Laptops to Sam",
        trigger: { kind: "ticket.created" },
        conditions: [{ kind: "text", field: "subject", contains: "laptop" }],
        actions: [
          { kind: "assign", userId: ids[AGENT] },
          { kind: "add_tags", tags: ["triaged"] },
        ],
      },
      ADMIN,
    );
    expect(rule.status, await rule.clone().text()).toBe(200);
    const { id: ruleId } = (await rule.json()) as { id: string };
    try {
      const changed = await answeredAsRead({ tags: ["laptop"] });
      expect(changed).toMatchObject({ assigneeId: ids[AGENT], tags: ["laptop", "triaged"] });
    } finally {
      await send("DELETE", `/api/automation/rules/${ruleId}`, undefined, ADMIN);
    }
  });

  it("creates in a chosen status; past NEW counts as the first response", async () => {
    const ticket = await createAsStaff({ status: "IN_PROGRESS" });
    expect(ticket.status).toBe("IN_PROGRESS");
    expect(ticket.firstResponseAt).toBe(ticket.createdAt);
  });

  it("assigns only active admins and agents: never a viewer, a client or a deactivated user", async () => {
    const before = await ticketCount();
    for (const assigneeId of [ids[VIEWER], ids[ACME], "not-a-uuid", "01900000-0000-7000-8000-000000000000"]) {
      const res = await send("POST", "/api/tickets", staffPayload({ assigneeId }), AGENT);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(
        "Tickets can be assigned to active admins and agents only",
      );
    }
    expect(await ticketCount()).toBe(before);
    const unassigned = await createAsStaff({ assigneeId: "" });
    expect(unassigned.assigneeId).toBeNull();
  });

  it("answers missing fields with the form's messages and stores nothing", async () => {
    const before = await ticketCount();
    const res = await send(
      "POST",
      "/api/tickets",
      { title: "", description: "", requesterName: "", requesterEmail: "x", clientId: "" },
      AGENT,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string[]; message: string }[] };
    expect(body.issues.map((i) => i.message)).toEqual([
      "Title is required",
      "Description is required",
      "Requester name is required",
      "Please enter a valid email address",
      "Please select a client",
    ]);
    const unknownClient = await send(
      "POST",
      "/api/tickets",
      staffPayload({ clientId: "01900000-0000-7000-8000-000000000000" }),
      AGENT,
    );
    expect(unknownClient.status).toBe(400);
    expect(await ticketCount()).toBe(before);
  });

  it("refuses a VIEWER and a CLIENT session with 403 and stores nothing", async () => {
    const before = await ticketCount();
    expect((await send("POST", "/api/tickets", staffPayload(), VIEWER)).status).toBe(403);
    const client = await send("POST", "/api/tickets", publicPayload(), ACME);
    expect(client.status).toBe(403);
    expect(((await client.json()) as { error: string }).error).toBe(
      "Client accounts create tickets in the client portal",
    );
    expect(await ticketCount()).toBe(before);
    expect(events).toEqual([]);
  });

  it("accepts the public form's payload from a signed-in agent (title-case type)", async () => {
    const res = await send("POST", "/api/tickets", publicPayload({ type: "Task" }), AGENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: expect.any(String), type: "TASK", source: "staff" });
    expect((await send("POST", "/api/tickets", staffPayload({ type: "toString" }), AGENT)).status).toBe(400);
  });

  it("works over tRPC too", async () => {
    const res = await server.request("/trpc/tickets.create", {
      method: "POST",
      json: staffPayload(),
      token: as(ADMIN),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: StaffTicket } };
    expect(body.result.data.client?.name).toBe("Acme Dental");
  });
});

describe("POST /api/tickets without a session (public form)", () => {
  it("stores a NEW ticket with the title-case type mapped, and returns only its id", async () => {
    const res = await send(
      "POST",
      "/api/tickets",
      publicPayload({ status: "CLOSED", assigneeId: ids[AGENT], tags: ["x"] }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["id"]);
    const [row] = await server.services.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, body.id as string));
    expect(row).toMatchObject({
      type: "INCIDENT",
      status: "NEW",
      assigneeId: null,
      tags: [],
      source: "public",
      clientId: birch,
    });
    // A visitor Birch does not know: held for review, so only staff hear of it (tickets/held.test.ts).
    expect(events).toEqual([{ type: "ticket.created", ticketId: row!.id, clientId: birch, internal: true }]);
  });

  it("defaults the type to Request and the priority to P3", async () => {
    const { type: _t, priority: _p, ...rest } = publicPayload();
    const { id } = (await (await send("POST", "/api/tickets", rest)).json()) as { id: string };
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ type: "REQUEST", priority: "P3" });
  });

  it("answers with the public form's messages and stores nothing", async () => {
    const before = await ticketCount();
    const res = await send("POST", "/api/tickets", {
      title: "Hi",
      description: "short",
      requesterName: "P",
      requesterEmail: "nope",
      clientId: "",
      type: "Bug",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { path: string[]; message: string }[] };
    expect(body.issues.map((i) => i.message)).toEqual([
      "Title must be at least 5 characters",
      "Description must be at least 20 characters",
      "Name is required",
      "Please enter a valid email address",
      "Please select a client",
      expect.any(String),
    ]);
    expect(body.error).toMatch(/^Title must be at least 5 characters\. /);
    const unknownClient = await send("POST", "/api/tickets", publicPayload({ clientId: "acme" }));
    expect(unknownClient.status).toBe(400);
    expect(((await unknownClient.json()) as { error: string }).error).toBe("Please select a valid client");
    expect(await ticketCount()).toBe(before);
    expect(events).toEqual([]);
  });

  it("tells a bot filling the honeypot it succeeded, and stores nothing", async () => {
    const before = await ticketCount();
    const res = await send("POST", "/api/tickets", publicPayload({ website: "http://spam.test" }));
    expect(res.status).toBe(200);
    expect((await res.json()) as { id: string }).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await ticketCount()).toBe(before);
    expect(events).toEqual([]);
  });

  it(`limits each IP to ${PUBLIC_LIMITS.ticket.max} submissions, then 429 with Retry-After and stores nothing`, async () => {
    for (let i = 0; i < PUBLIC_LIMITS.ticket.max; i++)
      expect((await send("POST", "/api/tickets", publicPayload())).status).toBe(200);
    const before = await ticketCount();
    const res = await send("POST", "/api/tickets", publicPayload());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(await ticketCount()).toBe(before);
    // Staff are not limited by the public form's counter.
    await createAsStaff();
  });
});

describe("GET/PATCH /api/tickets/{id}", () => {
  it("returns a ticket with every comment, internal notes included, to staff", async () => {
    const [row] = await server.services.db
      .select()
      .from(tickets)
      .where(eq(tickets.title, "Email not syncing on the hygienists' iPads"));
    const res = await get(`/api/tickets/${row!.id}`, VIEWER);
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as StaffTicket;
    expect(ticket.comments!.map((c) => c.internal)).toEqual([false, true]);
    expect(ticket.assignee?.email).toBe(AGENT);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await get("/api/tickets/01900000-0000-7000-8000-000000000000", AGENT)).status).toBe(404);
    const res = await get("/api/tickets/42", AGENT);
    await expectTicketNotFound(res);
  });

  it("edits fields, stamps SLA transitions, audits the change and publishes ticket.updated", async () => {
    const created = await createAsStaff();
    events = [];
    const res = await send(
      "PATCH",
      `/api/tickets/${created.id}`,
      { status: "TRIAGED", priority: "P1", assigneeId: ids[ADMIN] },
      AGENT,
    );
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as StaffTicket;
    expect(ticket).toMatchObject({
      status: "TRIAGED",
      priority: "P1",
      assignee: { email: ADMIN },
      title: created.title,
    });
    expect(ticket.firstResponseAt).not.toBeNull();
    // P1 runs around the clock: 8 hours after creation.
    expect(new Date(ticket.resolutionDueAt!).getTime() - new Date(ticket.createdAt).getTime()).toBe(8 * 3_600_000);
    expect(events).toEqual([{ type: "ticket.updated", ticketId: created.id, clientId: acme, internal: false }]);

    const resolved = (await (
      await send("PATCH", `/api/tickets/${created.id}`, { status: "RESOLVED" }, AGENT)
    ).json()) as StaffTicket;
    expect(resolved.resolvedAt).not.toBeNull();
    const closed = (await (
      await send("PATCH", `/api/tickets/${created.id}`, { status: "CLOSED" }, AGENT)
    ).json()) as StaffTicket;
    expect(closed.closedAt).not.toBeNull();
    expect(closed.resolvedAt).toBe(resolved.resolvedAt);

    const history = (await (await get(`/api/tickets/${created.id}/history`, VIEWER)).json()) as {
      history: { action: string; changes: Record<string, { from: unknown; to: unknown }> | null }[];
    };
    expect(history.history.map((h) => h.action)).toEqual([
      "ticket.created",
      "ticket.updated",
      "ticket.updated",
      "ticket.updated",
    ]);
    expect(history.history[1]!.changes).toMatchObject({
      status: { from: "NEW", to: "TRIAGED" },
      priority: { from: "P2", to: "P1" },
    });
  });

  it("leaves omitted fields alone and publishes nothing when nothing changed", async () => {
    const created = await createAsStaff({ priority: "P4", tags: ["keep"] });
    events = [];
    const same = (await (
      await send("PATCH", `/api/tickets/${created.id}`, { title: created.title }, AGENT)
    ).json()) as StaffTicket;
    expect(same).toMatchObject({ priority: "P4", tags: ["keep"], updatedAt: created.updatedAt });
    expect(events).toEqual([]);
  });

  it("refuses a VIEWER's edit, a viewer as assignee and a blank title, changing nothing", async () => {
    const created = await createAsStaff();
    expect((await send("PATCH", `/api/tickets/${created.id}`, { title: "Changed" }, VIEWER)).status).toBe(403);
    expect((await send("PATCH", `/api/tickets/${created.id}`, { assigneeId: ids[VIEWER] }, AGENT)).status).toBe(400);
    const blank = await send("PATCH", `/api/tickets/${created.id}`, { title: " " }, AGENT);
    expect(((await blank.json()) as { error: string }).error).toBe("Title is required");
    const after = (await (await get(`/api/tickets/${created.id}`, AGENT)).json()) as StaffTicket;
    expect(after.title).toBe(created.title);
    expect(after.assigneeId).toBeNull();
  });
});

describe("DELETE /api/tickets/{id}", () => {
  it("refuses everyone but an ADMIN with the spec's message", async () => {
    const created = await createAsStaff();
    for (const email of [AGENT, VIEWER, ACME]) {
      const res = await send("DELETE", `/api/tickets/${created.id}`, undefined, email);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("Only administrators can delete tickets");
    }
    expect((await server.request(`/api/tickets/${created.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await get(`/api/tickets/${created.id}`, AGENT)).status).toBe(200);
  });

  it("lets an ADMIN delete a ticket with its comments and audit logs", async () => {
    const created = await createAsStaff();
    await send("POST", `/api/tickets/${created.id}/comments`, { content: "A note", internal: true }, AGENT);
    const res = await send("DELETE", `/api/tickets/${created.id}`, undefined, ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, id: created.id });
    expect((await get(`/api/tickets/${created.id}`, AGENT)).status).toBe(404);
    const db = server.services.db;
    expect(await db.select().from(ticketComments).where(eq(ticketComments.ticketId, created.id))).toEqual([]);
    expect(await db.select().from(auditLogs).where(eq(auditLogs.ticketId, created.id))).toEqual([]);
    expect((await send("DELETE", `/api/tickets/${created.id}`, undefined, ADMIN)).status).toBe(404);
  });
});

describe("comments", () => {
  it("adds public comments and internal notes; a public staff reply is the first response", async () => {
    const created = await createAsStaff();
    events = [];
    const note = await send(
      "POST",
      `/api/tickets/${created.id}/comments`,
      { content: "Check the BIOS first", internal: true },
      AGENT,
    );
    expect(note.status).toBe(200);
    expect(await note.json()).toMatchObject({
      content: "Check the BIOS first",
      internal: true,
      authorName: "Sam Patel",
    });
    expect(((await (await get(`/api/tickets/${created.id}`, AGENT)).json()) as StaffTicket).firstResponseAt).toBeNull();
    const reply = await send("POST", `/api/tickets/${created.id}/comments`, { content: "We are on it." }, AGENT);
    expect(await reply.json()).toMatchObject({ internal: false });
    expect(
      ((await (await get(`/api/tickets/${created.id}`, AGENT)).json()) as StaffTicket).firstResponseAt,
    ).not.toBeNull();
    expect(events).toEqual([
      { type: "comment.created", ticketId: created.id, clientId: acme, internal: true },
      { type: "comment.created", ticketId: created.id, clientId: acme, internal: false },
    ]);
    const list = (await (await get(`/api/tickets/${created.id}/comments`, VIEWER)).json()) as {
      comments: { content: string }[];
    };
    expect(list.comments.map((c) => c.content)).toEqual(["Check the BIOS first", "We are on it."]);
  });

  it("validates content, refuses a VIEWER and answers 404 for an unknown ticket", async () => {
    const created = await createAsStaff();
    const empty = await send("POST", `/api/tickets/${created.id}/comments`, { content: "  " }, AGENT);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("Comment is required");
    expect((await send("POST", `/api/tickets/${created.id}/comments`, { content: "Hi" }, VIEWER)).status).toBe(403);
    expect(
      (await send("POST", `/api/tickets/01900000-0000-7000-8000-000000000000/comments`, { content: "Hi" }, AGENT))
        .status,
    ).toBe(404);
    expect((await get(`/api/tickets/nope/history`, AGENT)).status).toBe(404);
  });
});
