// The agent desk's views (docs/features.md §8): the built-in queues' counts and lists, the list's sorts, and saved
// views, over REST and tRPC, role by role.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, savedViews, sql, tickets } from "@repo/db";
import { TICKET_VIEWS, type TicketView, VIEW_COUNT_CAP } from "@repo/validators";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let companies: { acme: string; birch: string };

beforeAll(async () => {
  companies = await demoCompanies(server);
});

const call = (method: string, path: string, email?: string, json?: unknown) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });
const get = (path: string, email?: string) => call("GET", path, email);
/** A 400 whose message is the failed rule's (the body also lists the issues). */
async function expectInvalid(res: Response, error: unknown) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error, code: "BAD_REQUEST" });
}

type Counts = Record<TicketView, number>;
type ListResult = {
  tickets: { id: string; priority: string; status: string; updatedAt: string; assignee: { id: string } | null }[];
  total: number;
};
const counts = async (email: string) => (await (await get("/api/views/counts", email)).json()) as Counts;
const list = async (query: string, email = AGENT) => {
  const res = await get(`/api/tickets?pageSize=100&${query}`, email);
  expect(res.status).toBe(200);
  return (await res.json()) as ListResult;
};

async function newTicket(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await call("POST", "/api/tickets", AGENT, {
    title: "Scanner not scanning",
    description: "The scanner by reception stopped sending scans to email.",
    type: "INCIDENT",
    priority: "P3",
    status: "NEW",
    requesterName: "Pat Lee",
    requesterEmail: "pat@example.org",
    clientId: companies.acme,
    ...fields,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe("built-in views", () => {
  it("counts every view in one call, and each count matches its list", async () => {
    for (const email of [ADMIN, AGENT]) {
      const c = await counts(email);
      expect(Object.keys(c).sort()).toEqual([...TICKET_VIEWS].sort());
      for (const view of TICKET_VIEWS) {
        expect((await list(`view=${view}`, email)).total, `${email} ${view}`).toBe(c[view]);
      }
    }
  });

  it("moves a ticket between the views as it changes", async () => {
    const before = await counts(AGENT);
    const id = await newTicket();
    let now = await counts(AGENT);
    expect(now.unassigned).toBe(before.unassigned + 1);
    expect(now.open).toBe(before.open + 1);

    expect((await call("POST", `/api/tickets/${id}/assign-to-me`, AGENT)).status).toBe(200);
    now = await counts(AGENT);
    expect(now.mine).toBe(before.mine + 1);
    expect(now.unassigned).toBe(before.unassigned);
    // "My open tickets" are the caller's: the admin's count did not move.
    expect((await list("view=mine", AGENT)).tickets.map((t) => t.id)).toContain(id);
    expect((await list("view=mine", ADMIN)).tickets.map((t) => t.id)).not.toContain(id);

    await server.services.db.update(tickets).set({ slaState: "at_risk" }).where(eq(tickets.id, id));
    expect((await counts(AGENT))["at-risk"]).toBe(before["at-risk"] + 1);
    expect((await list("view=at-risk")).tickets.map((t) => t.id)).toContain(id);

    await server.services.db
      .update(tickets)
      .set({ resolutionDueAt: new Date(Date.now() - 60_000), pausedAt: null })
      .where(eq(tickets.id, id));
    expect((await counts(AGENT)).overdue).toBe(before.overdue + 1);
    expect((await list("view=overdue")).tickets.map((t) => t.id)).toContain(id);

    const waiting = await call("PATCH", `/api/tickets/${id}`, AGENT, { status: "WAITING_CUSTOMER" });
    expect(waiting.status).toBe(200);
    expect((await counts(AGENT)).waiting).toBe(before.waiting + 1);
    expect((await list("view=waiting")).tickets.every((t) => t.status === "WAITING_CUSTOMER")).toBe(true);

    expect((await call("PATCH", `/api/tickets/${id}`, AGENT, { status: "RESOLVED" })).status).toBe(200);
    now = await counts(AGENT);
    expect(now).toEqual(before);
  });

  it("combines a view with the search and filters", async () => {
    const id = await newTicket({ title: "Quokka printer jam", priority: "P1" });
    const found = await list("view=unassigned&q=quokka&priority=P1");
    expect(found.tickets.map((t) => t.id)).toEqual([id]);
    expect((await list("view=unassigned&q=quokka&priority=P2")).total).toBe(0);
  });

  it("sorts by priority, SLA due and last update", async () => {
    const byPriority = (await list("sort=priority")).tickets.map((t) => t.priority);
    expect(byPriority).toEqual([...byPriority].sort());
    expect(new Set(byPriority).size).toBeGreaterThan(1);

    const dueRows = await server.services.db.select({ id: tickets.id, due: tickets.resolutionDueAt }).from(tickets);
    const due = new Map(dueRows.map((r) => [r.id, r.due?.getTime() ?? Number.POSITIVE_INFINITY]));
    const bySla = (await list("sort=sla")).tickets.map((t) => due.get(t.id)!);
    expect(bySla).toEqual([...bySla].sort((a, b) => a - b));

    const touched = (await list("")).tickets.at(-1)!.id;
    expect((await call("PATCH", `/api/tickets/${touched}`, AGENT, { priority: "P2" })).status).toBe(200);
    const byUpdate = (await list("sort=updated")).tickets;
    expect(byUpdate[0]!.id).toBe(touched);
    const times = byUpdate.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("refuses an unknown view or sort with a 400", async () => {
    await expectInvalid(await get("/api/tickets?view=everything", AGENT), expect.stringContaining("View must be"));
    await expectInvalid(await get("/api/tickets?sort=random", AGENT), expect.stringContaining("Sort must be"));
  });

  it("lets a viewer read the counts and refuses clients and visitors", async () => {
    expect((await get("/api/views/counts", VIEWER)).status).toBe(200);
    expect((await get("/trpc/views.counts", VIEWER)).status).toBe(200);
    for (const email of [ACME, BIRCH]) {
      expect((await get("/api/views/counts", email)).status).toBe(403);
      expect((await get("/api/views", email)).status).toBe(403);
    }
    expect((await get("/api/views/counts")).status).toBe(401);
  });
});

describe("saved views", () => {
  const filters = { q: "printer", status: "NEW", view: "unassigned", sort: "priority" };
  type View = { id: string; name: string; shared: boolean; mine: boolean; filters: Record<string, string> };
  const create = (email: string, body: unknown) => call("POST", "/api/views", email, body);
  const visible = async (email: string) => ((await (await get("/api/views", email)).json()) as { views: View[] }).views;

  it("saves the filters; a private view is its owner's alone", async () => {
    const res = await create(AGENT, { name: "  New printer tickets ", filters: { ...filters, priority: "all" } });
    expect(res.status).toBe(200);
    const view = (await res.json()) as View;
    // Trimmed, private by default, and "all" is no filter.
    expect(view).toMatchObject({ name: "New printer tickets", shared: false, mine: true, filters });
    expect((await visible(AGENT)).map((v) => v.id)).toContain(view.id);
    for (const other of [ADMIN, VIEWER]) expect((await visible(other)).map((v) => v.id)).not.toContain(view.id);
    // Another's private view is not found, even for an admin.
    await expectRefused(await call("DELETE", `/api/views/${view.id}`, ADMIN), 404, "Saved view not found", "NOT_FOUND");
    await expectRefused(
      await call("PATCH", `/api/views/${view.id}`, ADMIN, { name: "Mine now" }),
      404,
      "Saved view not found",
      "NOT_FOUND",
    );
  });

  it("shares a view with the staff; only its owner renames it", async () => {
    const view = (await (await create(AGENT, { name: "Team queue", shared: true, filters })).json()) as View;
    const seen = (await visible(VIEWER)).find((v) => v.id === view.id);
    expect(seen).toMatchObject({ name: "Team queue", shared: true, mine: false });
    await expectRefused(
      await call("PATCH", `/api/views/${view.id}`, ADMIN, { name: "Renamed" }),
      403,
      "Only the owner can change a saved view",
      "FORBIDDEN",
    );
    const renamed = await call("PATCH", `/api/views/${view.id}`, AGENT, { name: "Team printer queue" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Team printer queue", shared: true });
    const unshared = await server.request("/trpc/views.update", {
      method: "POST",
      json: { id: view.id, shared: false },
      token: tokens[AGENT],
    });
    expect(unshared.status).toBe(200);
    expect((await visible(VIEWER)).map((v) => v.id)).not.toContain(view.id);
  });

  it("lets an admin delete a shared view, and no agent delete another's", async () => {
    const agents = (await (await create(AGENT, { name: "Shared by agent", shared: true, filters })).json()) as View;
    const admins = (await (await create(ADMIN, { name: "Shared by admin", shared: true, filters })).json()) as View;
    await expectRefused(
      await call("DELETE", `/api/views/${admins.id}`, AGENT),
      403,
      "Only the owner or an administrator can delete a shared view",
      "FORBIDDEN",
    );
    expect((await call("DELETE", `/api/views/${agents.id}`, ADMIN)).status).toBe(200);
    expect((await call("DELETE", `/api/views/${admins.id}`, ADMIN)).status).toBe(200);
    const left = await server.services.db.select().from(savedViews).where(eq(savedViews.name, "Shared by admin"));
    expect(left).toEqual([]);
  });

  it("refuses viewers, clients and bad input, changing nothing", async () => {
    const before = await server.services.db.select().from(savedViews);
    await expectRefused(
      await create(VIEWER, { name: "Viewer's view", filters }),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await create(ACME, { name: "Client view", filters })).status).toBe(403);
    expect((await create("", { name: "Anonymous view", filters })).status).toBe(401);
    await expectInvalid(await create(AGENT, { name: "   ", filters }), "Name is required");
    await expectInvalid(await create(AGENT, { name: "x".repeat(61), filters }), "Name must be at most 60 characters");
    expect((await create(AGENT, { name: "Bad", filters: { view: "nope" } })).status).toBe(400);
    const mine = (await (await create(AGENT, { name: "Keep", filters })).json()) as View;
    await expectInvalid(await call("PATCH", `/api/views/${mine.id}`, AGENT, {}), "Choose a change to apply");
    expect((await call("PATCH", `/api/views/${mine.id}`, VIEWER, { name: "Viewer" })).status).toBe(403);
    expect((await call("DELETE", "/api/views/not-a-uuid", AGENT)).status).toBe(404);
    const after = await server.services.db.select().from(savedViews);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((v) => v.id === mine.id)?.name).toBe("Keep");
  });
});

describe("a desk past the count cap", () => {
  it("counts each view up to VIEW_COUNT_CAP + 1, meaning more than the cap, and lists past it", async () => {
    const before = await counts(AGENT);
    // Enough new, unassigned tickets to take "Unassigned" and "All open" past the cap; "Mine" stays exact.
    const extra = VIEW_COUNT_CAP + 1 - before.unassigned;
    await server.services.db.execute(sql`
      insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
                           client_id, tags, source)
      select gen_random_uuid(), 'Bulk ' || i, 'A ticket of the cap test.', 'INCIDENT', 'P3', 'NEW', 'Pat Lee',
             'pat@example.org', ${companies.acme}::uuid, '{}', 'staff'
      from generate_series(1, ${extra}::int) as i`);
    const after = await counts(AGENT);
    expect(after.unassigned).toBe(VIEW_COUNT_CAP + 1);
    expect(after.open).toBe(VIEW_COUNT_CAP + 1);
    expect(after.mine).toBe(before.mine);
    expect((await list("view=unassigned")).total).toBe(VIEW_COUNT_CAP);
  });
});
