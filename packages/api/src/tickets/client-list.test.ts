// The client's paged ticket list and counters (docs/performance.md §4) over real HTTP: pages put together are the
// whole list in each order, the search and status filter are done in SQL, and the company's wall holds.
import { describe, expect, it } from "vitest";
import { eq, tickets } from "@repo/db";
import { ACME, AGENT, BIRCH } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";
import type { ClientTicketPage } from "@repo/validators";
import type { ClientTicket } from "@repo/validators";

const { server, tokens } = serverForFile([ACME, BIRCH, AGENT]);

const get = (path: string, email = ACME) => server.request(path, { token: tokens[email] });
const whole = async (email = ACME) => (await (await get("/api/client/tickets", email)).json()) as ClientTicket[];

async function page(query: Record<string, string | number>, email = ACME): Promise<ClientTicketPage> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await get(`/api/client/tickets/page?${params}`, email);
  expect(res.status).toBe(200);
  return (await res.json()) as ClientTicketPage;
}

/** Every page of a query, `limit` at a time, following `nextCursor` to the end. */
async function allPages(query: Record<string, string | number>, email = ACME) {
  const pages: ClientTicketPage[] = [];
  let cursor: string | null | undefined;
  do {
    pages.push(await page({ ...query, ...(cursor ? { cursor } : {}) }, email));
    cursor = pages.at(-1)!.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const ids = (list: { id: string }[]) => list.map((t) => t.id);
const PRIORITY_FIRST = (a: ClientTicket, b: ClientTicket) =>
  a.priority.localeCompare(b.priority) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

describe("the client's ticket pages", () => {
  it("put together, are the whole list in each order, with the match count on every page", async () => {
    const list = await whole();
    expect(list.length).toBeGreaterThan(4);
    const expected: Record<string, ClientTicket[]> = {
      newest: list,
      oldest: [...list].reverse(),
      updated: [...list].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id)),
      priority: [...list].sort(PRIORITY_FIRST),
    };
    for (const [sort, order] of Object.entries(expected)) {
      const pages = await allPages({ sort, limit: 2 });
      expect(pages).toHaveLength(Math.ceil(list.length / 2));
      expect(ids(pages.flatMap((p) => p.tickets)), sort).toEqual(ids(order));
      expect(pages.every((p) => p.matching === list.length)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it("finds every word in the title, description or reference, and filters by status group", async () => {
    const list = await whole();
    const target = list.find((t) => t.title.toLowerCase().includes("backup"))!;
    const ref = target.id.slice(-8);
    for (const q of ["BACKUP", `#${ref}`, `${ref.toUpperCase()} restore`, "sandbox backup"]) {
      const found = await page({ q });
      expect(ids(found.tickets), q).toEqual([target.id]);
      expect(found.matching).toBe(1);
    }
    expect((await page({ q: "backup nowhere-to-be-found" })).tickets).toEqual([]);
    // A LIKE wildcard is a character to find, not a pattern.
    expect((await page({ q: "%" })).matching).toBe(list.filter((t) => /%/.test(`${t.title} ${t.description}`)).length);

    const resolved = await page({ status: "resolved" });
    expect(ids(resolved.tickets)).toEqual(ids(list.filter((t) => t.status === "RESOLVED" || t.status === "CLOSED")));
  });

  it("counts the dashboard's counters in SQL, as the whole list would", async () => {
    const list = await whole();
    const res = await get("/api/client/tickets/counts");
    expect(res.status).toBe(200);
    const counted = (statuses: string[]) => list.filter((t) => statuses.includes(t.status)).length;
    expect(await res.json()).toEqual({
      open: counted(["NEW", "TRIAGED"]),
      inProgress: counted(["IN_PROGRESS"]),
      resolved: counted(["RESOLVED", "CLOSED"]),
      total: list.length,
    });
    const input = encodeURIComponent(JSON.stringify({ q: "backup" }));
    const trpc = await server.request(`/trpc/clientPortal.ticketPage?input=${input}`, { token: tokens[ACME] });
    expect(trpc.status).toBe(200);
    expect(((await trpc.json()) as { result: { data: ClientTicketPage } }).result.data.matching).toBe(1);
  });

  it("keeps each company to its own tickets, a cursor included", async () => {
    const birch = await whole(BIRCH);
    const acme = await whole(ACME);
    expect(ids((await page({ limit: 100 }, BIRCH)).tickets)).toEqual(ids(birch));
    expect((await page({ limit: 100 }, BIRCH)).matching).toBe(birch.length);
    await expectRefused(
      await get(`/api/client/tickets/page?cursor=${birch[0]!.id}`, ACME),
      400,
      "That page of tickets no longer exists: start again from the first page",
      "BAD_REQUEST",
    );
    expect((await get(`/api/client/tickets/page?cursor=${acme[0]!.id}`, ACME)).status).toBe(200);
    expect((await get("/api/client/tickets/page?limit=0")).status).toBe(400);
    expect((await get("/api/client/tickets/page?limit=101")).status).toBe(400);
    expect((await get("/api/client/tickets/page?status=everything")).status).toBe(400);
    expect((await get("/api/client/tickets/page", AGENT)).status).toBe(403);
    expect((await get("/api/client/tickets/counts", AGENT)).status).toBe(403);
    expect((await server.request("/api/client/tickets/page")).status).toBe(401);
  });

  it("pages through tickets created at the same instant without losing or repeating one", async () => {
    const list = await whole();
    await server.services.db
      .update(tickets)
      .set({ createdAt: new Date("2026-03-08T07:30:00.123Z"), updatedAt: new Date("2026-03-08T07:30:00.123Z") })
      .where(eq(tickets.clientId, list[0]!.clientId));
    for (const sort of ["newest", "oldest", "updated"]) {
      const seen = ids((await allPages({ sort, limit: 2 })).flatMap((p) => p.tickets));
      expect(new Set(seen).size, sort).toBe(list.length);
      expect(seen, sort).toEqual(sort === "oldest" ? [...seen].sort() : [...seen].sort().reverse());
    }
  });
});
