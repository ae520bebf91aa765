// The reports' figures from tickets placed at known times, around the end of daylight saving time in
// Toronto (Sunday 2025-11-02 has 25 hours). The file runs at a fixed instant; the seed's tickets are
// counted out by comparing each figure before and after the placing.
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@repo/db";
import { ACME, VIEWER, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import type { Report } from "../reports/queries.js";
import { rateAsClient } from "../satisfaction/ratings.js";
import { addComment, createTicket, updateTicket } from "../tickets/service.js";
import type { NewTicket } from "../tickets/types.js";
import { systemScope } from "../auth/scope.js";

const NOW = new Date("2026-01-15T17:00:00Z");
const RANGE = "?from=2025-11-01&to=2025-11-03";

const { server, tokens } = serverForFile([VIEWER, ACME], { now: NOW });
let acme: string;
let birch: string;
let agent: { id: string; name: string };
let dana: string;
let actor: { id: string; name: string; role: "ADMIN" };

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  const people = await server.services.db.select().from(users);
  const admin = people.find((u) => u.role === "ADMIN")!;
  actor = { id: admin.id, name: admin.name, role: "ADMIN" };
  agent = people.find((u) => u.role === "AGENT")!;
  dana = people.find((u) => u.email === ACME)!.id;
});

async function report(query = RANGE): Promise<Report> {
  const res = await server.request(`/api/reports${query}`, { token: tokens["viewer@northwind.test"] });
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

/** A P1 ticket from the public form opened at `at`; answered and resolved after the given hours, when given. */
async function place(at: string, after: { answered?: number; resolved?: number } = {}) {
  const opened = new Date(at);
  const later = (hours: number) => new Date(opened.getTime() + hours * 3_600_000);
  const ticket = await createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: `Placed at ${at}`,
      description: "Placed at a known time for the reports.",
      type: "INCIDENT",
      priority: "P1" satisfies NewTicket["priority"],
      status: "TRIAGED",
      requesterName: "Report Tester",
      requesterEmail: "reports@acme.test",
      clientId: acme,
    },
    // From the public form: a ticket an agent opens counts as answered at once.
    source: "public",
    actor: { name: "Report Tester" },
    now: opened,
  });
  if (after.answered !== undefined) {
    await addComment(server.services, {
      scope: systemScope("seed"),
      ticketId: ticket.id,
      author: actor,
      content: "Looking at it.",
      internal: false,
      now: later(after.answered),
    });
  }
  if (after.resolved !== undefined) {
    await updateTicket(server.services, {
      scope: systemScope("seed"),
      id: ticket.id,
      patch: { status: "RESOLVED" },
      actor,
      now: later(after.resolved),
    });
  }
}

/** After minus before, figure by figure, for the lists of buckets and days. */
const delta = <T extends Record<string, unknown>>(after: T[], before: T[], key: keyof T, value: keyof T) =>
  Object.fromEntries(after.map((row, i) => [row[key], Number(row[value]) - Number(before[i]![value])]));

describe("GET /api/reports", () => {
  it("counts days in Toronto across a daylight-saving change, and times, targets, backlog and clients", async () => {
    const before = await report();

    // 00:30 EDT and 23:30 EST on Sunday 2 November: the same Toronto day, 24 h apart.
    await place("2025-11-02T04:30:00Z", { answered: 0.5, resolved: 2 });
    await place("2025-11-03T04:30:00Z", { answered: 5 });
    // 00:30 EST on Monday 3 November; 23:30 EDT on Friday 31 October, before the range.
    await place("2025-11-03T05:30:00Z");
    await place("2025-11-01T03:30:00Z");

    const after = await report();
    expect(after.daily.map((d) => d.day)).toEqual(["2025-11-01", "2025-11-02", "2025-11-03"]);
    expect(delta(after.daily, before.daily, "day", "opened")).toEqual({
      "2025-11-01": 0,
      "2025-11-02": 2,
      "2025-11-03": 1,
    });
    expect(delta(after.daily, before.daily, "day", "resolved")).toEqual({
      "2025-11-01": 0,
      "2025-11-02": 1,
      "2025-11-03": 0,
    });

    expect(delta(after.firstResponse, before.firstResponse, "bucket", "tickets")).toEqual({
      "Under 1 h": 1,
      "1–4 h": 0,
      "4–8 h": 1,
      "8–24 h": 0,
      "Over 24 h": 0,
    });
    expect(delta(after.resolution, before.resolution, "bucket", "tickets")).toMatchObject({ "Under 4 h": 1 });

    // P1: two hours to answer, eight to resolve, around the clock. The first ticket met both; the second
    // answered late and is past its resolution time; the third was never answered and is past both.
    const p1 = (r: Report) => r.slaAttainment.find((s) => s.priority === "P1")!;
    expect(p1(after).responseKnown - p1(before).responseKnown).toBe(3);
    expect(p1(after).responseMet - p1(before).responseMet).toBe(1);
    expect(p1(after).resolutionKnown - p1(before).resolutionKnown).toBe(3);
    expect(p1(after).resolutionMet - p1(before).resolutionMet).toBe(1);
    expect(p1(after).responsePercent).toBe(Math.round((p1(after).responseMet / p1(after).responseKnown) * 1000) / 10);

    // Three of the four are still open, all opened over 30 days before now.
    expect(delta(after.backlogByAge, before.backlogByAge, "bucket", "tickets")).toMatchObject({
      "Over 30 days": 3,
      "Under 1 day": 0,
    });
    const acmeOpened = (r: Report) => r.volumeByClient.find((v) => v.name === "Acme Dental")?.opened ?? 0;
    expect(acmeOpened(after) - acmeOpened(before)).toBe(3);
  });

  it("covers the last 30 days up to today by default", async () => {
    const r = await report("");
    expect(r.daily).toHaveLength(30);
    expect(r.to).toBe("2026-01-15");
    expect(r.from).toBe("2025-12-17");
  });

  it.each([
    ["?from=2025-11-05&to=2025-11-01", "From must not be after To"],
    ["?from=2025-13-01", "From must be a real date"],
    ["?to=yesterday", "To must be a date such as 2026-11-01"],
    ["?from=2024-01-01&to=2025-06-01", "A report spans at most 366 days"],
    ["?to=0000-01-01", "To must be between 1900 and 2199"],
    ["?from=1990-01-01", "A report spans at most 366 days"],
    ["?from=2026-02-01", "From must not be after To"],
  ])("refuses %s with %s", async (query, message) => {
    const res = await server.request(`/api/reports${query}`, { token: tokens["viewer@northwind.test"] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("is for staff, a viewer included, over REST and tRPC; never a client", async () => {
    const input = encodeURIComponent(JSON.stringify({ from: "2025-11-01", to: "2025-11-03" }));
    const trpc = await server.request(`/trpc/reports.summary?input=${input}`, {
      token: tokens["viewer@northwind.test"],
    });
    expect(trpc.status).toBe(200);
    expect(((await trpc.json()) as { result: { data: Report } }).result.data).toEqual(await report());
    expect((await server.request(`/api/reports${RANGE}`, { token: tokens["client@acme.test"] })).status).toBe(403);
    expect((await server.request(`/api/reports${RANGE}`)).status).toBe(401);
  });
});

describe("satisfaction in the reports", () => {
  /** A ticket of `clientId` resolved at `resolvedAt`, assigned to the agent or nobody, rated at `ratedAt`. */
  async function rated(args: {
    clientId: string;
    assigned: boolean;
    resolvedAt: string;
    ratedAt: string;
    rating: "good" | "bad";
  }) {
    const resolved = new Date(args.resolvedAt);
    const ticket = await createTicket(server.services, {
      scope: systemScope("seed"),
      input: {
        title: `Rated at ${args.ratedAt}`,
        description: "Rated at a known time for the reports.",
        type: "REQUEST",
        priority: "P3",
        status: "IN_PROGRESS",
        requesterName: "Report Tester",
        requesterEmail: "reports@acme.test",
        clientId: args.clientId,
        assigneeId: args.assigned ? agent.id : null,
      },
      source: "staff",
      actor,
      now: new Date(resolved.getTime() - 3_600_000),
    });
    await updateTicket(server.services, {
      scope: systemScope("seed"),
      id: ticket.id,
      patch: { status: "RESOLVED" },
      actor,
      now: resolved,
    });
    await rateAsClient(
      server.services,
      { kind: "company", clientId: args.clientId, userId: dana },
      { ticketId: ticket.id, rating: args.rating, comment: null },
      new Date(args.ratedAt),
    );
  }

  it("counts ratings by the Toronto day they were given, per agent credited and per client", async () => {
    const before = (await report()).satisfaction;
    // 23:30 EDT on Friday 31 October: before the range, though given a few minutes before it began.
    await rated({
      clientId: acme,
      assigned: true,
      resolvedAt: "2025-10-31T20:00:00Z",
      ratedAt: "2025-11-01T03:30:00Z",
      rating: "bad",
    });
    // In the range: two good and one bad for the agent (Acme, Acme, Birch), one good with nobody assigned.
    await rated({
      clientId: acme,
      assigned: true,
      resolvedAt: "2025-11-01T12:00:00Z",
      ratedAt: "2025-11-01T14:00:00Z",
      rating: "good",
    });
    await rated({
      clientId: acme,
      assigned: true,
      resolvedAt: "2025-11-02T12:00:00Z",
      ratedAt: "2025-11-04T04:30:00Z",
      rating: "good",
    });
    await rated({
      clientId: birch,
      assigned: true,
      resolvedAt: "2025-11-02T12:00:00Z",
      ratedAt: "2025-11-02T13:00:00Z",
      rating: "bad",
    });
    await rated({
      clientId: birch,
      assigned: false,
      resolvedAt: "2025-11-03T12:00:00Z",
      ratedAt: "2025-11-03T13:00:00Z",
      rating: "good",
    });
    // 00:30 EST on Tuesday 4 November: after the range.
    await rated({
      clientId: birch,
      assigned: true,
      resolvedAt: "2025-11-03T12:00:00Z",
      ratedAt: "2025-11-04T05:30:00Z",
      rating: "bad",
    });

    const after = (await report()).satisfaction;
    const agentRow = (s: Report["satisfaction"], name: string) =>
      s.byAgent.find((a) => a.name === name) ?? { good: 0, bad: 0, total: 0 };
    const clientRow = (s: Report["satisfaction"], name: string) =>
      s.byClient.find((c) => c.name === name) ?? { good: 0, bad: 0, total: 0 };
    const diff = (a: { good: number; bad: number }, b: { good: number; bad: number }) => ({
      good: a.good - b.good,
      bad: a.bad - b.bad,
    });

    expect(diff(after.overall, before.overall)).toEqual({ good: 3, bad: 1 });
    expect(diff(agentRow(after, agent.name), agentRow(before, agent.name))).toEqual({ good: 2, bad: 1 });
    expect(diff(agentRow(after, "Unassigned"), agentRow(before, "Unassigned"))).toEqual({ good: 1, bad: 0 });
    expect(diff(clientRow(after, "Acme Dental"), clientRow(before, "Acme Dental"))).toEqual({ good: 2, bad: 0 });
    expect(diff(clientRow(after, "Birch Legal"), clientRow(before, "Birch Legal"))).toEqual({ good: 1, bad: 1 });
    const sam = after.byAgent.find((a) => a.name === agent.name)!;
    expect(sam.total).toBe(sam.good + sam.bad);
    expect(sam.percentGood).toBe(Math.round((sam.good / sam.total) * 1000) / 10);
    expect(after.byAgent.find((a) => a.name === "Unassigned")?.agentId).toBeNull();
  });

  it("reports no share when nothing was rated", async () => {
    const r = await report("?from=2025-06-01&to=2025-06-02");
    expect(r.satisfaction).toEqual({
      overall: { good: 0, bad: 0, total: 0, percentGood: null },
      byAgent: [],
      byClient: [],
    });
  });
});
