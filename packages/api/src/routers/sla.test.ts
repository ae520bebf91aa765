// The SLA policy editor's calls and a ticket's SLA standing (docs/architecture.md §9), role by role, at a
// fixed instant: Monday 2026-02-09 10:00 in Toronto.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLogs, eq, tickets, users } from "@repo/db";
import type { SlaPolicySettings, SlaPolicyView, TicketSla } from "@repo/validators";
import { SLA_POLICY_AUDIT_ACTION } from "../sla/policy-service.js";
import { ACME, ADMIN, AGENT, VIEWER, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { createTicket, updateTicket } from "../tickets/service.js";
import { systemScope } from "../auth/scope.js";

const NOW = new Date("2026-02-09T15:00:00Z");
const H = 3_600_000;

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME], { now: NOW });
let acme: string;
let ticketId: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  ticketId = (await open("P3", NOW)).id;
});

function open(priority: "P2" | "P3", now: Date) {
  return createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: `A ${priority} printer problem`,
      description: "The printer on the second floor jams on every page.",
      type: "INCIDENT",
      priority,
      requesterName: "Dana Whitfield",
      requesterEmail: "client@acme.test",
      clientId: acme,
    },
    source: "public",
    actor: { name: "Dana Whitfield" },
    now,
  });
}

const as = (email: string) => ({ token: tokens[email] });
const getPolicy = (email = "admin@northwind.test") => server.request("/api/sla/policy", as(email));
const putPolicy = (json: unknown, email = "admin@northwind.test") =>
  server.request("/api/sla/policy", { method: "PUT", json, ...as(email) });
const dueOf = async (id: string) =>
  (await server.services.db.select().from(tickets).where(eq(tickets.id, id)))[0]!.resolutionDueAt!.toISOString();
const settingsOf = ({ updatedAt: _a, updatedByName: _b, ...settings }: SlaPolicyView): SlaPolicySettings => settings;
const policyAuditCount = async () =>
  (await server.services.db.select().from(auditLogs).where(eq(auditLogs.action, SLA_POLICY_AUDIT_ACTION))).length;

describe("GET /api/sla/policy", () => {
  it("every staff role reads the seeded policy: targets, Toronto business hours, Ontario holidays", async () => {
    for (const email of ["admin@northwind.test", "agent@northwind.test", "viewer@northwind.test"]) {
      const res = await getPolicy(email);
      expect(res.status).toBe(200);
      const policy = (await res.json()) as SlaPolicyView;
      expect(policy.targets.find((t) => t.priority === "P3")).toEqual({
        priority: "P3",
        firstResponseMinutes: 480,
        resolutionMinutes: 1440,
        businessHours: true,
      });
      expect(policy.calendar).toMatchObject({
        timeZone: "America/Toronto",
        workDays: [1, 2, 3, 4, 5],
        openTime: "09:00",
        closeTime: "17:00",
      });
      expect(policy.calendar.holidays).toContainEqual({ date: "2026-02-16", name: "Family Day" });
      expect(policy.calendar.holidays).toContainEqual({ date: "2027-12-26", name: "Boxing Day" });
      expect(policy.atRiskPercent).toBe(75);
    }
  });

  it("a client gets 403 and an anonymous caller 401", async () => {
    expect((await getPolicy("client@acme.test")).status).toBe(403);
    expect((await server.request("/api/sla/policy")).status).toBe(401);
  });
});

describe("GET /api/sla/tickets/{id}", () => {
  it("gives the due times, the business time left and the calendar", async () => {
    const res = await server.request(`/api/sla/tickets/${ticketId}`, as("viewer@northwind.test"));
    expect(res.status).toBe(200);
    const sla = (await res.json()) as TicketSla;
    expect(sla.calendar).toEqual({
      kind: "business",
      description: "Mon-Fri 9:00-17:00 America/Toronto, holidays excluded",
    });
    expect(sla.at).toBe(NOW.toISOString());
    expect(sla.runningUntil).toBe("2026-02-09T22:00:00.000Z"); // Monday 17:00
    expect(sla.response).toMatchObject({ state: "running", remainingMs: 8 * H, targetMinutes: 480 });
    // 3 business days from Monday 10:00: Thursday 10:00.
    expect(sla.resolution).toMatchObject({ state: "running", remainingMs: 24 * H, dueAt: "2026-02-12T15:00:00.000Z" });
    expect(sla.pausedMs).toBe(0);
  });

  it("is refused to a client (403) and unknown ids are 404", async () => {
    expect((await server.request(`/api/sla/tickets/${ticketId}`, as("client@acme.test"))).status).toBe(403);
    const res = await server.request(
      "/api/sla/tickets/0190d3f0-0000-7000-8000-000000000000",
      as("agent@northwind.test"),
    );
    expect(res.status).toBe(404);
  });
});

describe("PUT /api/sla/policy", () => {
  it("refuses an AGENT, a VIEWER and a CLIENT (403), changing nothing", async () => {
    const before = settingsOf((await (await getPolicy()).json()) as SlaPolicyView);
    const changed = { ...before, atRiskPercent: 50 };
    for (const email of ["agent@northwind.test", "viewer@northwind.test", "client@acme.test"]) {
      expect((await putPolicy(changed, email)).status).toBe(403);
    }
    expect(settingsOf((await (await getPolicy()).json()) as SlaPolicyView)).toEqual(before);
    expect(await policyAuditCount()).toBe(0);
  });

  it("refuses bad input with 400 and clear messages, changing nothing", async () => {
    const before = settingsOf((await (await getPolicy()).json()) as SlaPolicyView);
    const dueBefore = await dueOf(ticketId);
    const cases: [SlaPolicySettings, string][] = [
      [{ ...before, calendar: { ...before.calendar, closeTime: "08:00" } }, "Closing time must be after opening time"],
      [
        { ...before, targets: before.targets.map((t) => ({ ...t, resolutionMinutes: 0 })) },
        "Resolution target must be more than 0 minutes",
      ],
      [
        { ...before, calendar: { ...before.calendar, timeZone: "Mars/Olympus" } },
        "Time zone must be an IANA time zone",
      ],
      [
        {
          ...before,
          calendar: {
            ...before.calendar,
            holidays: [...before.calendar.holidays, { date: "2026-02-16", name: "Family Day again" }],
          },
        },
        "Holiday 2026-02-16 is listed twice",
      ],
      [
        {
          ...before,
          targets: before.targets.map((t) =>
            t.priority === "P3" ? { ...t, firstResponseMinutes: 480, resolutionMinutes: 100 } : t,
          ),
        },
        "Resolution target must be at least the response target",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await putPolicy(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    }
    expect(settingsOf((await (await getPolicy()).json()) as SlaPolicyView)).toEqual(before);
    expect(await dueOf(ticketId)).toBe(dueBefore);
    expect(await policyAuditCount()).toBe(0);
  });

  it("an ADMIN's change moves open tickets' due times at once and is audited", async () => {
    const before = settingsOf((await (await getPolicy()).json()) as SlaPolicyView);
    expect(await dueOf(ticketId)).toBe("2026-02-12T15:00:00.000Z");
    const after: SlaPolicySettings = {
      ...before,
      targets: before.targets.map((t) => (t.priority === "P3" ? { ...t, resolutionMinutes: 480 } : t)),
      calendar: {
        ...before.calendar,
        holidays: [...before.calendar.holidays, { date: "2026-02-10", name: "Office move" }],
      },
    };
    const res = await putPolicy(after);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as SlaPolicyView;
    expect(saved.updatedByName).toBe("Alex Morgan");
    expect(saved.calendar.holidays).toContainEqual({ date: "2026-02-10", name: "Office move" });
    // One business day from Monday 10:00: 7 h on Monday, Tuesday off, 1 h on Wednesday.
    expect(await dueOf(ticketId)).toBe("2026-02-11T15:00:00.000Z");

    const [entry] = await server.services.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, SLA_POLICY_AUDIT_ACTION));
    const admin = (await server.services.db.select().from(users).where(eq(users.email, "admin@northwind.test")))[0]!;
    expect(entry).toMatchObject({ ticketId: null, actorId: admin.id, actorName: admin.name });
    expect(entry!.changes).toEqual({
      "P3.resolutionMinutes": { from: 1440, to: 480 },
      holidays: { from: [], to: ["2026-02-10 Office move"] },
    });
  });
});

describe("reopening (decision 0016)", () => {
  it("a ticket resolved late and reopened gets its full resolution target from the reopening", async () => {
    const admin = { id: null, name: "Alex Morgan", role: "ADMIN" as const };
    const ticket = await open("P2", NOW); // due Monday 17:00 (8 business hours)
    await updateTicket(server.services, {
      scope: systemScope("seed"),
      id: ticket.id,
      patch: { status: "RESOLVED" },
      actor: admin,
      now: new Date("2026-02-11T20:00:00Z"), // Wednesday 15:00: breached
    });
    const late = (await (
      await server.request(`/api/sla/tickets/${ticket.id}`, as("agent@northwind.test"))
    ).json()) as TicketSla;
    expect(late.resolution.state).toBe("breached");

    const reopenedAt = new Date("2026-02-12T14:00:00Z"); // Thursday 09:00
    vi.setSystemTime(new Date("2026-02-12T16:00:00Z")); // Thursday 11:00
    try {
      await updateTicket(server.services, {
        scope: systemScope("seed"),
        id: ticket.id,
        patch: { status: "IN_PROGRESS" },
        actor: admin,
        now: reopenedAt,
      });
      const row = (await server.services.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!;
      expect(row.slaState).toBe("ok");
      expect(row.reopenedAt!.toISOString()).toBe(reopenedAt.toISOString());
      const sla = (await (
        await server.request(`/api/sla/tickets/${ticket.id}`, as("agent@northwind.test"))
      ).json()) as TicketSla;
      expect(sla.reopenedAt).toBe(reopenedAt.toISOString());
      expect(sla.resolution).toMatchObject({ state: "running", dueAt: "2026-02-12T22:00:00.000Z", remainingMs: 6 * H });
    } finally {
      vi.setSystemTime(NOW);
    }
  });
});
