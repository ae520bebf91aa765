// Named SLA plans (docs/decisions/0034-named-sla-plans.md) over HTTP, role by role: the seeded Standard
// plan and Birch Legal's Priority plan, plan changes, a company's move between plans re-timing its open
// tickets and no one else's, and the refusals. P1 runs around the clock, so due times are plain sums.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, tickets } from "@repo/db";
import type { SlaPlan, SlaPlanList, SlaPolicyView } from "@repo/validators";
import { systemScope } from "../auth/scope.js";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { createTicket } from "../tickets/service.js";
import { policiesOf, readWriteSettings } from "../tickets/write-settings.js";
import { automationActor } from "../automation/actor.js";

const NOW = new Date("2026-02-09T15:00:00Z");
const MIN = 60_000;

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH], { now: NOW });
let acme: string;
let birch: string;

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
});

const as = (email: string) => ({ token: tokens[email] });
const call = (method: string, path: string, json?: unknown, email = ADMIN) =>
  server.request(path, { method, ...(json === undefined ? {} : { json }), ...as(email) });
const plans = async () => ((await (await call("GET", "/api/sla/plans")).json()) as SlaPlanList).plans;
const planNamed = async (name: string) => (await plans()).find((p) => p.name === name)!;
const targets = (p1Response: number, p1Resolution: number) =>
  (["P1", "P2", "P3", "P4"] as const).map((priority) => ({
    priority,
    firstResponseMinutes: priority === "P1" ? p1Response : 240,
    resolutionMinutes: priority === "P1" ? p1Resolution : 960,
    businessHours: priority !== "P1",
  }));

async function openP1(clientId: string, requester: { name: string; email: string }) {
  const ticket = await createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: "The whole office is offline",
      description: "No one can reach the internet or the file server since this morning.",
      type: "INCIDENT",
      priority: "P1",
      requesterName: requester.name,
      requesterEmail: requester.email,
      clientId,
    },
    source: "public",
    actor: { name: requester.name },
    now: NOW,
  });
  return ticket.id;
}
const dana = { name: "Dana Whitfield", email: ACME };
const jordan = { name: "Jordan Birch", email: BIRCH };
/** Minutes from the ticket's creation to its first-response due time. */
const responseMinutes = async (id: string) => {
  const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
  return (row!.responseDueAt!.getTime() - row!.createdAt.getTime()) / MIN;
};

describe("GET /api/sla/plans", () => {
  it("lists the default Standard plan first, then Priority with Birch Legal on it, to every staff role", async () => {
    for (const email of [ADMIN, AGENT, VIEWER]) {
      const res = await call("GET", "/api/sla/plans", undefined, email);
      expect(res.status).toBe(200);
      const [standard, priority] = ((await res.json()) as SlaPlanList).plans;
      expect(standard).toMatchObject({ name: "Standard", isDefault: true });
      expect(standard!.clientIds).toContain(acme);
      expect(standard!.targets.find((t) => t.priority === "P1")).toMatchObject({ firstResponseMinutes: 120 });
      expect(priority).toMatchObject({ name: "Priority", isDefault: false, clientIds: [birch] });
      expect(priority!.targets.find((t) => t.priority === "P1")).toMatchObject({ firstResponseMinutes: 60 });
    }
  });

  it("refuses a client (403) and an anonymous caller (401)", async () => {
    expect((await call("GET", "/api/sla/plans", undefined, ACME)).status).toBe(403);
    expect((await server.request("/api/sla/plans")).status).toBe(401);
  });

  it("the old /api/sla/policy still answers the default plan's targets", async () => {
    const policy = (await (await call("GET", "/api/sla/policy")).json()) as SlaPolicyView;
    expect(policy.targets.find((t) => t.priority === "P1")).toMatchObject({ firstResponseMinutes: 120 });
  });
});

describe("a new ticket follows its company's plan", () => {
  it("Birch Legal (Priority) gets a 1-hour P1 response target, Acme Dental (Standard) 2 hours", async () => {
    expect(await responseMinutes(await openP1(birch, jordan))).toBe(60);
    expect(await responseMinutes(await openP1(acme, dana))).toBe(120);
  });
});

describe("a write to a ticket reads its company's plan before locking it (tickets/write-settings.ts)", () => {
  it("reads the plan of the ticket's company, and is not used for a company the ticket has since left", async () => {
    const ticketId = await openP1(birch, jordan);
    const settings = await readWriteSettings(server.services.db, {
      ticketId,
      trigger: "comment.created",
      actor: jordan,
    });
    expect(settings.policies?.clientId).toBe(birch);
    expect(settings.policies?.policies.P1.firstResponseMinutes).toBe(60);
    expect(settings.rules?.trigger).toBe("comment.created");
    // Moved to Acme while the write waited for the lock: Acme's Standard plan, read again.
    expect((await policiesOf(server.services.db, acme, settings)).P1.firstResponseMinutes).toBe(120);
    expect((await policiesOf(server.services.db, birch, settings)).P1.firstResponseMinutes).toBe(60);
  });

  it("reads nothing for an id that is no ticket, and no rules for a rule's own write", async () => {
    const byRule = { trigger: "comment.created" as const, actor: automationActor("Escalate P1") };
    const settings = await readWriteSettings(server.services.db, { ticketId: "not-a-uuid", ...byRule });
    expect(settings).toEqual({ policies: null, rules: null });
    const unknownId = "0190aaaa-0000-7000-8000-000000000000";
    const unknown = await readWriteSettings(server.services.db, { ticketId: unknownId, ...byRule });
    expect(unknown.policies).toBeNull();
  });
});

describe("plan changes (admin)", () => {
  it("creates a plan from the default plan's targets, renames it and sets its targets", async () => {
    const created = await call("POST", "/api/sla/plans", { name: "Gold" });
    expect(created.status).toBe(200);
    const gold = (await created.json()) as SlaPlan;
    expect(gold).toMatchObject({ name: "Gold", isDefault: false, clientIds: [] });
    expect(gold.targets.find((t) => t.priority === "P1")).toMatchObject({ firstResponseMinutes: 120 });

    const saved = await call("PUT", `/api/sla/plans/${gold.id}`, { name: "Gold plus", targets: targets(30, 180) });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as SlaPlan).targets[0]).toMatchObject({ firstResponseMinutes: 30 });
    expect((await planNamed("Gold plus")).id).toBe(gold.id);
    expect((await (await call("GET", `/api/sla/plans/${gold.id}`, undefined, VIEWER)).json()) as SlaPlan).toMatchObject(
      { name: "Gold plus" },
    );
  });

  it("refuses a taken name (409), a blank one and a resolution below the response (400), changing nothing", async () => {
    const taken = await call("POST", "/api/sla/plans", { name: "priority" });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(await taken.json())).toContain('An SLA plan named \\"priority\\" already exists');
    const blank = await call("POST", "/api/sla/plans", { name: "  " });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("Plan name is required");

    const priority = await planNamed("Priority");
    const bad = await call("PUT", `/api/sla/plans/${priority.id}`, { name: "Priority", targets: targets(120, 60) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Resolution target must be at least the response target");
    expect(await planNamed("Priority")).toEqual(priority);
  });

  it("refuses an agent and a viewer (403) and a client (403); an unknown plan is 404", async () => {
    for (const email of [AGENT, VIEWER, ACME]) {
      expect((await call("POST", "/api/sla/plans", { name: `By ${email}` }, email)).status).toBe(403);
    }
    const standard = await planNamed("Standard");
    expect((await call("PUT", `/api/sla/companies/${acme}/plan`, { planId: standard.id }, AGENT)).status).toBe(403);
    expect((await call("GET", "/api/sla/plans/not-a-plan")).status).toBe(404);
    expect((await call("GET", "/api/sla/plans/00000000-0000-7000-8000-00000000ffff")).status).toBe(404);
    expect((await plans()).some((p) => p.name.startsWith("By "))).toBe(false);
  });

  it("editing a plan's targets re-times the open tickets of its companies only", async () => {
    const birchTicket = await openP1(birch, jordan);
    const acmeTicket = await openP1(acme, dana);
    const priority = await planNamed("Priority");
    const res = await call("PUT", `/api/sla/plans/${priority.id}`, { name: "Priority", targets: targets(45, 240) });
    expect(res.status).toBe(200);
    expect(await responseMinutes(birchTicket)).toBe(45);
    expect(await responseMinutes(acmeTicket)).toBe(120);
  });
});

describe("PUT /api/sla/companies/{clientId}/plan", () => {
  it("moves a company to a plan: its open tickets are re-timed, another company's are not", async () => {
    const fast = (await (
      await call("POST", "/api/sla/plans", { name: "Rush", targets: targets(15, 90) })
    ).json()) as SlaPlan;
    const acmeTicket = await openP1(acme, dana);
    const birchTicket = await openP1(birch, jordan);
    const birchBefore = await responseMinutes(birchTicket);

    const res = await call("PUT", `/api/sla/companies/${acme}/plan`, { planId: fast.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ clientId: acme, planId: fast.id });
    expect(await responseMinutes(acmeTicket)).toBe(15);
    expect(await responseMinutes(birchTicket)).toBe(birchBefore);
    expect((await planNamed("Rush")).clientIds).toEqual([acme]);

    // Back on the default plan: stored as none, so Acme follows Standard under any name.
    const standard = await planNamed("Standard");
    expect((await call("PUT", `/api/sla/companies/${acme}/plan`, { planId: standard.id })).status).toBe(200);
    expect(await responseMinutes(acmeTicket)).toBe(120);
  });

  it("answers 404 for an unknown company or plan and changes nothing", async () => {
    const standard = await planNamed("Standard");
    const priority = await planNamed("Priority");
    const unknownCompany = await call("PUT", "/api/sla/companies/00000000-0000-7000-8000-00000000ffff/plan", {
      planId: priority.id,
    });
    expect(unknownCompany.status).toBe(404);
    const unknownPlan = await call("PUT", `/api/sla/companies/${acme}/plan`, { planId: "nope" });
    expect(unknownPlan.status).toBe(404);
    expect((await planNamed("Standard")).clientIds).toEqual(standard.clientIds);
  });
});

describe("DELETE /api/sla/plans/{id}", () => {
  it("refuses a plan a company follows (409) and the default plan (409)", async () => {
    const priority = await planNamed("Priority");
    const used = await call("DELETE", `/api/sla/plans/${priority.id}`);
    expect(used.status).toBe(409);
    expect(JSON.stringify(await used.json())).toContain(
      '1 company follows the SLA plan \\"Priority\\": move it to another plan before deleting it',
    );
    const standard = await planNamed("Standard");
    expect((await call("DELETE", `/api/sla/plans/${standard.id}`)).status).toBe(409);
    expect((await plans()).map((p) => p.name)).toContain("Priority");
  });

  it("deletes an unused plan; with moveCompanies=true moves its companies to the default plan first", async () => {
    const unused = (await (await call("POST", "/api/sla/plans", { name: "Unused" })).json()) as SlaPlan;
    expect((await call("DELETE", `/api/sla/plans/${unused.id}`, undefined, AGENT)).status).toBe(403);
    expect((await call("DELETE", `/api/sla/plans/${unused.id}`)).status).toBe(200);
    expect((await call("GET", `/api/sla/plans/${unused.id}`)).status).toBe(404);

    const birchTicket = await openP1(birch, jordan);
    const priority = await planNamed("Priority");
    const res = await call("DELETE", `/api/sla/plans/${priority.id}?moveCompanies=true`);
    expect(res.status).toBe(200);
    expect((await planNamed("Standard")).clientIds).toContain(birch);
    expect(await responseMinutes(birchTicket)).toBe(120);
  });
});
