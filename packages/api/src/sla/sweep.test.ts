import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, isNull, tickets, users } from "@repo/db";
import type { DomainEvent } from "../events.js";
import { demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { createTicket, updateTicket } from "../tickets/service.js";
import type { Actor, NewTicket } from "../tickets/types.js";
import { recomputeAllSla } from "./recompute.js";
import { startSlaSweep, sweepSla } from "./sweep.js";
import { systemScope } from "../auth/scope.js";

const H = 3_600_000;
const { server } = serverForFile();
let acme: string;
let actor: Actor;
let events: DomainEvent[] = [];

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  const [admin] = await server.services.db.select().from(users).where(eq(users.role, "ADMIN"));
  actor = { id: admin!.id, name: admin!.name, role: "ADMIN" };
  server.services.bus.subscribe((e) => events.push(e));
});
beforeEach(() => {
  events = [];
});

const db = () => server.services.db;
const open = (priority: NewTicket["priority"], status: NewTicket["status"], at: Date) =>
  createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: `${priority} opened ${at.toISOString()}`,
      description: "A ticket for the SLA sweep.",
      type: "INCIDENT",
      priority,
      status,
      requesterName: "Sweep Tester",
      requesterEmail: "sweep@acme.test",
      clientId: acme,
    },
    source: "staff",
    actor,
    now: at,
  });

describe("recomputeAllSla", () => {
  it("gives every seeded ticket its due times and state", async () => {
    expect((await db().select().from(tickets).where(isNull(tickets.resolutionDueAt))).length).toBeGreaterThan(0);
    const count = await recomputeAllSla(db());
    expect(count).toBeGreaterThanOrEqual(12);
    expect(await db().select().from(tickets).where(isNull(tickets.resolutionDueAt))).toEqual([]);
    // Each seeded P1 is due around the clock on its company's plan: Acme Dental's on Standard 8 hours after
    // it was opened, Birch Legal's on Priority 4 hours after (docs/decisions/0034-named-sla-plans.md).
    const dueAfter = async (title: string) => {
      const [row] = await db().select().from(tickets).where(eq(tickets.title, title));
      return row!.resolutionDueAt!.getTime() - row!.createdAt.getTime();
    };
    expect(await dueAfter("Practice management server is down")).toBe(8 * H);
    expect(await dueAfter("VPN disconnects every few minutes")).toBe(4 * H);
  });
});

describe("sweepSla", () => {
  it("moves tickets into at_risk and overdue once, publishing sla.state for staff only", async () => {
    const now = new Date();
    const late = await open("P1", "TRIAGED", new Date(now.getTime() - 9 * H));
    const close = await open("P1", "TRIAGED", new Date(now.getTime() - 7 * H));
    const fine = await open("P1", "TRIAGED", new Date(now.getTime() - 1 * H));
    expect([late.slaState, close.slaState, fine.slaState]).toEqual(["ok", "ok", "ok"]); // as of their creation
    events = []; // the creations' own ticket.created

    const first = await sweepSla(db(), server.services.bus, systemScope("job"), now);
    const mine = (ids: string[]) => first.filter((t) => ids.includes(t.ticketId));
    expect(mine([late.id, close.id, fine.id])).toEqual([
      { ticketId: late.id, clientId: acme, state: "overdue" },
      { ticketId: close.id, clientId: acme, state: "at_risk" },
    ]);
    expect(events.filter((e) => e.ticketId === late.id || e.ticketId === close.id)).toEqual([
      { type: "sla.state", ticketId: late.id, clientId: acme, internal: true },
      { type: "sla.state", ticketId: close.id, clientId: acme, internal: true },
    ]);
    const state = async (id: string) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!.slaState;
    expect([await state(late.id), await state(close.id), await state(fine.id)]).toEqual(["overdue", "at_risk", "ok"]);

    events = [];
    expect(await sweepSla(db(), server.services.bus, systemScope("job"), now)).toEqual([]);
    expect(events).toEqual([]);

    // Later the at-risk one crosses into overdue: one more transition.
    const later = await sweepSla(db(), server.services.bus, systemScope("job"), new Date(now.getTime() + 2 * H));
    expect(later.filter((t) => t.ticketId === close.id)).toEqual([
      { ticketId: close.id, clientId: acme, state: "overdue" },
    ]);
  });

  it("lets exactly one of several concurrent sweeps win each transition", async () => {
    const now = new Date();
    const a = await open("P1", "IN_PROGRESS", new Date(now.getTime() - 10 * H));
    const b = await open("P1", "IN_PROGRESS", new Date(now.getTime() - 6.5 * H));
    events = []; // the creations' own ticket.created
    const runs = await Promise.all([1, 2, 3].map(() => sweepSla(db(), server.services.bus, systemScope("job"), now)));
    const won = runs.flat().filter((t) => t.ticketId === a.id || t.ticketId === b.id);
    expect(won.map((t) => t.state).sort()).toEqual(["at_risk", "overdue"]);
    expect(events.filter((e) => e.ticketId === a.id || e.ticketId === b.id)).toHaveLength(2);
  });

  it("leaves paused and finished tickets alone", async () => {
    const now = new Date();
    const waiting = await open("P1", "WAITING_CUSTOMER", new Date(now.getTime() - 20 * H));
    const resolved = await open("P1", "RESOLVED", new Date(now.getTime() - 20 * H));
    const moved = await sweepSla(db(), server.services.bus, systemScope("job"), now);
    expect(moved.filter((t) => t.ticketId === waiting.id || t.ticketId === resolved.id)).toEqual([]);
  });

  it("runs on an interval and stops cleanly", async () => {
    const stop = startSlaSweep(db(), server.services.bus, 60_000);
    await stop();
  });
});

describe("a priority change during a pause (service + audit log)", () => {
  it("re-measures the finished pauses on the new calendar, losing no pause time", async () => {
    const at = (iso: string) => new Date(iso);
    const t = await open("P3", "NEW", at("2026-01-12T14:00:00Z")); // Monday 09:00 Toronto
    const change = (patch: Parameters<typeof updateTicket>[1]["patch"], iso: string) =>
      updateTicket(server.services, { scope: systemScope("seed"), id: t.id, patch, actor, now: at(iso) });
    await change({ status: "WAITING_CUSTOMER" }, "2026-01-12T16:00:00Z"); // Monday 11:00
    const resumed = await change({ status: "IN_PROGRESS" }, "2026-01-19T15:00:00Z"); // next Monday 10:00
    // 6 h Monday + 4 x 8 h + 1 h on the next Monday, in business hours.
    expect(resumed.ticket.pausedMs).toBe(39 * H);
    await change({ status: "WAITING_CUSTOMER" }, "2026-01-20T14:00:00Z"); // Tuesday 09:00, paused again
    const raised = await change({ priority: "P1" }, "2026-01-20T17:00:00Z"); // to P1 (around the clock), still paused
    // The first pause measured around the clock: Monday 16:00Z to next Monday 15:00Z = 167 h.
    expect(raised.ticket.pausedMs).toBe(167 * H);
    expect(raised.ticket.pausedAt).toEqual(at("2026-01-20T14:00:00Z"));
    expect(raised.ticket.resolutionDueAt).toEqual(new Date(at("2026-01-12T14:00:00Z").getTime() + (8 + 167) * H));
    const back = await change({ status: "IN_PROGRESS" }, "2026-01-20T18:00:00Z");
    expect(back.ticket.pausedMs).toBe(171 * H);
    expect(back.ticket.pausedAt).toBeNull();
  });
});
