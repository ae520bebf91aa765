import { beforeAll, describe, expect, it } from "vitest";
import { clients, users } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { createTicket, updateTicket } from "../tickets/service.js";
import type { NewTicket } from "../tickets/types.js";
import { systemScope } from "../auth/scope.js";

// The metrics read the clock; the whole file runs at a fixed instant: Wednesday 2026-01-14, 20:00 in
// Toronto (01:00Z on the 15th), after business hours.
const NOW = new Date("2026-01-15T01:00:00Z");

const { server, tokens } = serverForFile(["admin@northwind.test", "viewer@northwind.test", "client@acme.test"], {
  now: NOW,
});
let acme: string;
let admin: string;

interface Overview {
  statusCounts: Record<string, number>;
  overdue: number;
  dueToday: number;
  slaAtRisk: number;
  trend: { day: string; created: number; resolved: number }[];
}

beforeAll(async () => {
  acme = (await server.services.db.select().from(clients))[0]!.id;
  admin = (await server.services.db.select().from(users)).find((u) => u.role === "ADMIN")!.id;
});

const overview = async (query = "?range=7d", email = "viewer@northwind.test") => {
  const res = await server.request(`/api/metrics/overview${query}`, { token: tokens[email] });
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
};

/** A staff ticket created at `at` (ISO) in `status`, optionally moved to another status at `then`. */
async function place(
  priority: NewTicket["priority"],
  status: NewTicket["status"],
  at: string,
  then?: { status: NewTicket["status"]; at: string },
) {
  const actor = { id: admin, name: "Alex Morgan", role: "ADMIN" as const };
  const ticket = await createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: `${priority} ${status} at ${at}`,
      description: "Placed at a known time for the metrics.",
      type: "INCIDENT",
      priority,
      status,
      requesterName: "Metric Tester",
      requesterEmail: "metrics@acme.test",
      clientId: acme,
    },
    source: "staff",
    actor,
    now: new Date(at),
  });
  if (then)
    await updateTicket(server.services, {
      scope: systemScope("seed"),
      id: ticket.id,
      patch: { status: then.status },
      actor,
      now: new Date(then.at),
    });
}

describe("GET /api/metrics/overview", () => {
  it("counts statuses, overdue, due today, at risk and the daily trend from tickets placed at known times", async () => {
    const before = await overview();

    // A: P1 opened 10 h ago: its 8 h resolution passed at 18:00 Toronto. Overdue.
    await place("P1", "TRIAGED", "2026-01-14T15:00:00Z");
    // B: P1 opened at 15:00 Toronto: due 23:00 today, 5 of 8 h used. Due today.
    await place("P1", "TRIAGED", "2026-01-14T20:00:00Z");
    // C: P2 opened Wednesday 10:00: 7 of 8 business hours used, due Thursday 10:00. At risk, not due today.
    await place("P2", "TRIAGED", "2026-01-14T15:00:00Z");
    // D: P1 opened at 13:30 Toronto: due 21:30 today, 6.5 of 8 h used. Due today and at risk.
    await place("P1", "TRIAGED", "2026-01-14T18:30:00Z");
    // E: P1 opened at 19:30 Toronto: due 03:30 tomorrow. Neither.
    await place("P1", "TRIAGED", "2026-01-15T00:30:00Z");
    // F: P2 waiting on the customer since Monday: its clock stands still. Neither overdue nor due.
    await place("P2", "WAITING_CUSTOMER", "2026-01-12T14:00:00Z");
    // G: P1 opened 11 h ago, resolved at 17:00 Toronto. Finished: only the trend counts it.
    await place("P1", "TRIAGED", "2026-01-14T14:00:00Z", { status: "RESOLVED", at: "2026-01-14T22:00:00Z" });
    // H: closed at creation on 2026-01-08 00:30 Toronto, the range's first day; I: 23:30 the day before.
    await place("P3", "CLOSED", "2026-01-08T05:30:00Z");
    await place("P3", "CLOSED", "2026-01-08T04:30:00Z");

    const after = await overview();
    expect(after.overdue - before.overdue).toBe(1);
    expect(after.dueToday - before.dueToday).toBe(2);
    expect(after.slaAtRisk - before.slaAtRisk).toBe(2);
    const statusDelta = Object.fromEntries(
      Object.keys(after.statusCounts).map((s) => [s, after.statusCounts[s]! - before.statusCounts[s]!]),
    );
    expect(statusDelta).toEqual({
      NEW: 0,
      TRIAGED: 5,
      IN_PROGRESS: 0,
      WAITING_CUSTOMER: 1,
      ON_HOLD: 0,
      RESOLVED: 1,
      CLOSED: 2,
    });

    expect(after.trend.map((d) => d.day)).toEqual([
      "2026-01-08",
      "2026-01-09",
      "2026-01-10",
      "2026-01-11",
      "2026-01-12",
      "2026-01-13",
      "2026-01-14",
    ]);
    const trendDelta = after.trend.map((d, i) => ({
      day: d.day,
      created: d.created - before.trend[i]!.created,
      resolved: d.resolved - before.trend[i]!.resolved,
    }));
    expect(trendDelta).toEqual([
      { day: "2026-01-08", created: 1, resolved: 1 },
      { day: "2026-01-09", created: 0, resolved: 0 },
      { day: "2026-01-10", created: 0, resolved: 0 },
      { day: "2026-01-11", created: 0, resolved: 0 },
      { day: "2026-01-12", created: 1, resolved: 0 },
      { day: "2026-01-13", created: 0, resolved: 0 },
      { day: "2026-01-14", created: 6, resolved: 1 },
    ]);
  });

  it("bounds the trend by the range", async () => {
    expect((await overview("?range=1d")).trend.map((d) => d.day)).toEqual(["2026-01-14"]);
    expect((await overview("?range=30d")).trend).toHaveLength(30);
    expect((await overview("")).trend).toHaveLength(7);
  });

  it("refuses a bad range, clients and anonymous callers", async () => {
    const bad = await server.request("/api/metrics/overview?range=week", { token: tokens["viewer@northwind.test"] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      "Range must be a number of days from 1d to 90d, such as 7d",
    );
    expect(
      (await server.request("/api/metrics/overview?range=91d", { token: tokens["viewer@northwind.test"] })).status,
    ).toBe(400);
    expect((await server.request("/api/metrics/overview", { token: tokens["client@acme.test"] })).status).toBe(403);
    expect((await server.request("/api/metrics/overview")).status).toBe(401);
  });
});

describe("GET /api/metrics/cta", () => {
  it("counts Get-a-quote clicks per service for the range, staff only", async () => {
    for (const service of ["device-management", "device-management", "email-deliverability"]) {
      await server.request("/api/track", { method: "POST", json: { event: "cta_service_quote", service } });
    }
    const res = await server.request("/api/metrics/cta?range=7d", { token: tokens["admin@northwind.test"] });
    expect(await res.json()).toEqual({
      totals: [
        { service: "device-management", count: 2 },
        { service: "email-deliverability", count: 1 },
      ],
      days: [
        { day: "2026-01-14", service: "device-management", count: 2 },
        { day: "2026-01-14", service: "email-deliverability", count: 1 },
      ],
    });
    expect((await server.request("/api/metrics/cta", { token: tokens["client@acme.test"] })).status).toBe(403);
  });
});
