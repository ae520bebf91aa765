// The staff search (docs/decisions/0019-ticket-search.md) over real HTTP: words through the full-text
// index, most relevant first and newest first among equals; a sort asked for wins; words completed by
// prefix; the middle of a word, part of a serial number or an email still found as a substring; the
// status and priority filters and the reference combined with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, tickets } from "@repo/db";
import { AGENT, demoCompanies, signIn } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { RANKED_MATCHES, SEARCH_COUNT_CAP } from "./queries.js";
import { forgetSearchStats, rarePieces, searchStats, walkFinds } from "./search-plan.js";
import { ticketSearch } from "./search.js";
import type { StaffTicket } from "@repo/validators";

let server: TestServer;
let token: string;
let acme: string;
/** The tickets this file writes, by name. */
const made: Record<string, string> = {};

type Row = typeof tickets.$inferInsert;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server, [AGENT]))[AGENT]!;
  ({ acme } = await demoCompanies(server));
  const base = Date.parse("2026-01-05T09:00:00Z");
  // Oldest first; "zebracorp" is a word no demo ticket has.
  const rows: [string, Partial<Row>][] = [
    ["title", { title: "Zebracorp printer offline", description: "The office printer is offline." }],
    ["description", { title: "Scanner offline", description: "The scanner at Zebracorp is offline." }],
    ["requester", { title: "Monitor flickers", requesterName: "Zebracorp Reception" }],
    ["title, newer", { title: "Zebracorp printer offline", description: "The office printer is offline." }],
    [
      "serial",
      {
        title: "Replace the firewall",
        description: "Serial SN-7Q4-XK29 reports a fan fault.",
        requesterEmail: "ops@zebra-corp.example",
        status: "IN_PROGRESS",
        priority: "P1",
      },
    ],
    [
      "filtered",
      { title: "Zebracorp laptop offline", description: "Battery fault.", status: "IN_PROGRESS", priority: "P1" },
    ],
  ];
  for (const [i, [name, over]] of rows.entries()) {
    const at = new Date(base + i * MINUTE);
    const [row] = await server.services.db
      .insert(tickets)
      .values({
        title: "",
        description: "Nothing else to say.",
        requesterName: "Dana Field",
        requesterEmail: "dana@acme.test",
        clientId: acme,
        createdAt: at,
        updatedAt: at,
        ...over,
      })
      .returning({ id: tickets.id });
    made[name] = row!.id;
  }
});
afterAll(() => server?.close());

async function search(query: Record<string, string>) {
  const res = await server.request(`/api/tickets?${new URLSearchParams(query)}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { tickets: StaffTicket[]; total: number; totalCapped: boolean };
}
const names = (list: StaffTicket[]) =>
  list.map((t) => Object.entries(made).find(([, id]) => id === t.id)?.[0] ?? `demo: ${t.title}`);

describe("the staff search by words", () => {
  it("puts a title match before a description match before a requester match, newest first among equals", async () => {
    const found = await search({ q: "zebracorp" });
    expect(names(found.tickets)).toEqual(["filtered", "title, newer", "title", "description", "requester"]);
    expect(found.total).toBe(5);
    // Any case; every word required, the last one completed as typed.
    expect(names((await search({ q: "ZEBRACORP Printer" })).tickets)).toEqual(["title, newer", "title"]);
    const both = names((await search({ q: "zebracorp offl" })).tickets);
    expect([...both].sort()).toEqual(["description", "filtered", "title", "title, newer"]);
    expect(both.at(-1)).toBe("description");
  });

  it("counts the matches on every page, and on a page past the last", async () => {
    // The ranked page counts the matches it read; a page with none of them counts them apart.
    const last = await search({ q: "zebracorp", pageSize: "2", page: "3" });
    expect([names(last.tickets), last.total, last.totalCapped]).toEqual([["requester"], 5, false]);
    const past = await search({ q: "zebracorp", pageSize: "2", page: "4" });
    expect([past.tickets, past.total, past.totalCapped]).toEqual([[], 5, false]);
    const filtered = await search({ q: "zebracorp", status: "NEW", pageSize: "2", page: "2" });
    expect([names(filtered.tickets), filtered.total]).toEqual([["description", "requester"], 4]);
  });

  it("keeps an explicit sort over relevance", async () => {
    const found = await search({ q: "zebracorp", sort: "updated" });
    expect(names(found.tickets)).toEqual(["filtered", "title, newer", "requester", "description", "title"]);
  });

  it("combines with the status and priority filters", async () => {
    expect(names((await search({ q: "zebracorp", status: "IN_PROGRESS" })).tickets)).toEqual(["filtered"]);
    expect(names((await search({ q: "zebracorp", priority: "P1", status: "IN_PROGRESS" })).tickets)).toEqual([
      "filtered",
    ]);
    expect((await search({ q: "zebracorp", status: "CLOSED" })).tickets).toEqual([]);
    expect(names((await search({ q: "zebracorp", status: "NEW", priority: "P3" })).tickets)).toEqual([
      "title, newer",
      "title",
      "description",
      "requester",
    ]);
    // Both filters read the words as the ticket's status and priority prefix them (migration 0022): the last
    // word still completed as typed, and a ticket whose status changes found under its new one only.
    const both = { q: "zebracorp lapt", priority: "P1" };
    expect(names((await search({ ...both, status: "IN_PROGRESS" })).tickets)).toEqual(["filtered"]);
    expect((await search({ ...both, status: "NEW" })).tickets).toEqual([]);
    const db = server.services.db;
    await db.update(tickets).set({ status: "ON_HOLD" }).where(eq(tickets.id, made.filtered!));
    try {
      expect(names((await search({ ...both, status: "ON_HOLD" })).tickets)).toEqual(["filtered"]);
      expect((await search({ ...both, status: "IN_PROGRESS" })).tickets).toEqual([]);
    } finally {
      await db.update(tickets).set({ status: "IN_PROGRESS" }).where(eq(tickets.id, made.filtered!));
    }
  });
});

describe("the staff search by substring", () => {
  it("still finds the middle of a word when no word starts so", async () => {
    const found = await search({ q: "ebracor" });
    // A substring is a filter: newest first.
    expect(names(found.tickets)).toEqual(["filtered", "title, newer", "requester", "description", "title"]);
  });

  it("finds part of a serial number or an email, with the filters", async () => {
    expect(names((await search({ q: "7q4-xk" })).tickets)).toEqual(["serial"]);
    expect(names((await search({ q: "XK29" })).tickets)).toEqual(["serial"]);
    expect(names((await search({ q: "@zebra-corp.ex" })).tickets)).toEqual(["serial"]);
    expect(names((await search({ q: "7q4-xk", status: "IN_PROGRESS", priority: "P1" })).tickets)).toEqual(["serial"]);
    expect((await search({ q: "7q4-xk", priority: "P2" })).tickets).toEqual([]);
  });

  it("finds a ticket by its reference, with or without the #", async () => {
    const reference = made.serial!.slice(-8);
    expect(names((await search({ q: `#${reference}` })).tickets)).toEqual(["serial"]);
    expect(names((await search({ q: reference.toUpperCase() })).tickets)[0]).toBe("serial");
  });
});

describe("a search with more matches than are ranked", () => {
  it("ranks the newest RANKED_MATCHES, lists the older ones after them, and counts up to SEARCH_COUNT_CAP", async () => {
    // Oldest first: i = 1..4 have the word in the title but are past the ranked newest ones; i = 5 and 6
    // have it in the title and are ranked; the newest RANKED_MATCHES - 2 have it in the description.
    const many = RANKED_MATCHES + 4;
    await server.services.db.execute(sql`
      insert into tickets (id, title, description, requester_name, requester_email, client_id, created_at, updated_at)
      select gen_random_uuid(),
             case when i <= 6 then 'Quokka relay ' || i else 'Relay ' || i end,
             case when i <= 6 then 'Nothing else.' else 'The quokka relay again.' end,
             'Pat Lee', 'pat' || i || '@example.org', ${acme}::uuid,
             timestamptz '2025-03-01T00:00:00Z' + make_interval(mins => i),
             timestamptz '2025-03-01T00:00:00Z' + make_interval(mins => i)
      from generate_series(1, ${many}::int) as i`);
    const pages = [];
    for (let page = 1; page <= Math.ceil(many / 100); page++)
      pages.push(await search({ q: "quokka", pageSize: "100", page: String(page) }));
    expect(pages[0]!.total).toBe(SEARCH_COUNT_CAP);
    expect(pages[0]!.totalCapped).toBe(true);
    const titles = pages.flatMap((p) => p.tickets.map((t) => t.title));
    expect(titles).toHaveLength(many);
    expect(new Set(pages.flatMap((p) => p.tickets.map((t) => t.id))).size).toBe(many);
    expect(titles.slice(0, 3)).toEqual(["Quokka relay 6", "Quokka relay 5", `Relay ${many}`]);
    expect(titles.slice(-5)).toEqual([
      "Relay 7",
      "Quokka relay 4",
      "Quokka relay 3",
      "Quokka relay 2",
      "Quokka relay 1",
    ]);
  });

  it("finds the same tickets in the same order when the statistics choose the plan", async () => {
    // The quokka tickets of the test above are most of the table: analyzed, the statistics say a walk newest
    // first finds the ranked matches soon, and that "example" (every requester's email) is a common word
    // (docs/decisions/0022-search-plans-from-statistics.md).
    const db = server.services.db;
    const before = [];
    for (const page of ["1", "11"]) before.push(await search({ q: "quokka", pageSize: "100", page }));
    await db.execute(sql`analyze tickets`);
    forgetSearchStats();
    const stats = await searchStats(db);
    expect(walkFinds(stats, ["quokka"], SEARCH_COUNT_CAP + 1)).toBe(true);
    expect(rarePieces(stats, "at1004@exam")).toEqual(["at1004"]);
    expect(rarePieces(stats, "pat100@example")).toEqual(["at100"]);
    for (const [i, page] of ["1", "11"].entries()) {
      const after = await search({ q: "quokka", pageSize: "100", page });
      expect([after.total, after.totalCapped]).toEqual([SEARCH_COUNT_CAP, true]);
      expect(after.tickets.map((t) => t.id)).toEqual(before[i]!.tickets.map((t) => t.id));
    }
    // Typed in capitals: the same words, the same plan.
    const capitals = await search({ q: "QUOKKA", pageSize: "100" });
    expect(capitals.tickets.map((t) => t.id)).toEqual(before[0]!.tickets.map((t) => t.id));
    // With the filters, and the page past the last match counted apart.
    const filtered = await search({ q: "quokka rel", status: "NEW", priority: "P3", pageSize: "3" });
    expect(filtered.tickets.map((t) => t.title)).toEqual(["Quokka relay 6", "Quokka relay 5", "Relay 1004"]);
    expect((await search({ q: "quokka", status: "CLOSED" })).total).toBe(0);
    // One filter and a word the statistics do not list: the words as the filter's value prefixes them with
    // each value of the other filter (decision 0024), finding what the planner's plan found before.
    const planning = { stats, matches: SEARCH_COUNT_CAP + 1, view: false };
    expect(ticketSearch("zebracorp", undefined, { ...planning, filters: { status: "IN_PROGRESS" } })).toMatchObject({
      byFilters: true,
    });
    expect(ticketSearch("quokka", undefined, { ...planning, filters: { priority: "P3" } })).toMatchObject({
      byFilters: false,
    });
    expect(names((await search({ q: "zebracorp", status: "IN_PROGRESS" })).tickets)).toEqual(["filtered"]);
    expect(names((await search({ q: "zebracorp lapt", priority: "P1" })).tickets)).toEqual(["filtered"]);
    expect(names((await search({ q: "zebracorp", priority: "P3" })).tickets)).toEqual([
      "title, newer",
      "title",
      "description",
      "requester",
    ]);
    // The substring: the common piece left to the check on the tickets found, the rest looked up.
    expect((await search({ q: "at1004@exam" })).tickets.map((t) => t.title)).toEqual(["Relay 1004"]);
    expect((await search({ q: "pat100@example" })).tickets.map((t) => t.title)).toEqual(["Relay 100"]);
    expect((await search({ q: "PAT100@Example.ORG" })).tickets.map((t) => t.title)).toEqual(["Relay 100"]);
    expect((await search({ q: "pat100@elsewhere" })).tickets).toEqual([]);
  });
});
