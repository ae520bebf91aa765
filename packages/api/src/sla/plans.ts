// Named SLA plans (docs/decisions/0034-named-sla-plans.md): each holds targets per priority, each company
// follows one (the default plan, "Standard", when it chose none), and every plan runs on the one calendar
// of the SLA policy. Changing a plan's targets, or the plan a company follows, re-times the open tickets it
// concerns in the change's transaction, as a policy change does (policy-service.ts); each change is
// audited as the policy's history.
import {
  asc,
  auditLogs,
  clients,
  DEFAULT_SLA_PLAN_ID,
  eq,
  inArray,
  isNull,
  isUuid,
  or,
  slaPlans,
  slaPolicies,
  sql,
  tickets,
  type Database,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import {
  TICKET_PRIORITIES,
  type CompanySlaPlan,
  type SlaPlan,
  type SlaPlanCreateInput,
  type SlaPlanDeleteInput,
  type SlaPlanList,
  type SlaPlanUpdateInput,
} from "@repo/validators";
import { ConflictError, NotFoundError, StaleVersionError } from "../errors.js";
import type { EventBus } from "../events.js";
import { loadPolicies, writePlanTargets } from "./policies.js";
import { publishMoved } from "./policy-service.js";
import { type Recomputed, recomputeOpenSla } from "./recompute.js";

export const SLA_PLAN_AUDIT_ACTIONS = {
  created: "sla.plan.created",
  updated: "sla.plan.updated",
  deleted: "sla.plan.deleted",
  assigned: "sla.plan.assigned",
} as const;

type Services = { db: Database; bus: EventBus };
type Actor = { id: string; name: string };

const planNotFound = () => NotFoundError.of("SLA plan");

/** Every plan, the default first and then by name, each with its targets and the companies that follow it. */
export async function listPlans(db: DbExecutor): Promise<SlaPlanList> {
  const plans = await db
    .select()
    .from(slaPlans)
    .orderBy(sql`${slaPlans.id} <> ${DEFAULT_SLA_PLAN_ID}::uuid`, asc(slaPlans.name));
  const targets = await db.select().from(slaPolicies);
  const companies = await db
    .select({ id: clients.id, planId: clients.slaPlanId })
    .from(clients)
    .orderBy(asc(clients.name));
  const defaults = await loadPolicies(db);
  return {
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      isDefault: plan.id === DEFAULT_SLA_PLAN_ID,
      // A priority without a row runs on the seeded default, as the clock reads it (policies.ts).
      targets: TICKET_PRIORITIES.map((priority) => {
        const row = targets.find((t) => t.planId === plan.id && t.priority === priority) ?? defaults[priority];
        return {
          priority,
          firstResponseMinutes: row.firstResponseMinutes,
          resolutionMinutes: row.resolutionMinutes,
          businessHours: row.businessHours,
        };
      }),
      clientIds: companies.filter((c) => (c.planId ?? DEFAULT_SLA_PLAN_ID) === plan.id).map((c) => c.id),
      updatedAt: plan.updatedAt.toISOString(),
      version: plan.version,
    })),
  };
}

export async function readPlan(db: DbExecutor, id: string): Promise<SlaPlan> {
  const plan = (await listPlans(db)).plans.find((p) => p.id === id);
  if (!plan) throw planNotFound();
  return plan;
}

/** The plan, its row locked until the transaction ends. */
async function lockPlan(tx: DbExecutor, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(slaPlans).where(eq(slaPlans.id, id)).for("update") : [];
  if (!row) throw planNotFound();
  return row;
}

/** Plan names are unique whatever their case: two plans a list shows alike would be picked by mistake. */
async function assertNameFree(tx: DbExecutor, name: string, except?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: slaPlans.id })
    .from(slaPlans)
    .where(sql`lower(${slaPlans.name}) = lower(${name})`);
  if (taken && taken.id !== except) throw new ConflictError(`An SLA plan named "${name}" already exists`);
}

type Changes = Record<string, { from: unknown; to: unknown }>;

async function auditPlan(tx: DbExecutor, actor: Actor, action: string, changes: Changes, now: Date) {
  await tx.insert(auditLogs).values({
    ticketId: null,
    actorId: actor.id,
    actorName: actor.name,
    action,
    changes,
    createdAt: now,
  });
}

/** The companies that follow the plan: for the default plan, those that chose none too. */
const companiesOf = (planId: string): SQL =>
  planId === DEFAULT_SLA_PLAN_ID
    ? or(isNull(clients.slaPlanId), eq(clients.slaPlanId, planId))!
    : eq(clients.slaPlanId, planId);

/** The tickets of the companies `which` selects. */
const ticketsOfCompanies = (db: DbExecutor, which: SQL): SQL =>
  inArray(tickets.clientId, db.select({ id: clients.id }).from(clients).where(which));

/** A new plan; without targets it starts from the default plan's. No company follows it yet. */
export async function createPlan(db: Database, input: SlaPlanCreateInput, actor: Actor, now = new Date()) {
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [plan] = await tx.insert(slaPlans).values({ name: input.name, createdAt: now, updatedAt: now }).returning();
    const defaults = await loadPolicies(tx);
    const targets = input.targets ?? TICKET_PRIORITIES.map((p) => defaults[p]);
    await writePlanTargets(tx, plan!.id, targets, now);
    await auditPlan(tx, actor, SLA_PLAN_AUDIT_ACTIONS.created, { name: { from: null, to: input.name } }, now);
    return plan!.id;
  });
  return readPlan(db, id);
}

/** Renames the plan and sets its targets; the open tickets of its companies move onto them. */
export async function updatePlan({ db, bus }: Services, input: SlaPlanUpdateInput, actor: Actor, now = new Date()) {
  const moved = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    // Another admin saved since this change was read: refuse it (docs/architecture.md §8a).
    if (input.version !== undefined && input.version !== plan.version) throw new StaleVersionError("SLA plan");
    await assertNameFree(tx, input.name, plan.id);
    const before = await readPlan(tx, plan.id);
    await tx.update(slaPlans).set({ name: input.name, updatedAt: now }).where(eq(slaPlans.id, plan.id));
    await writePlanTargets(tx, plan.id, input.targets, now);
    const after = await readPlan(tx, plan.id);
    await auditPlan(tx, actor, SLA_PLAN_AUDIT_ACTIONS.updated, planChanges(before, after), now);
    return recomputeOpenSla(tx, now, ticketsOfCompanies(tx, companiesOf(plan.id)));
  });
  await publishMoved(bus, moved);
  return readPlan(db, input.id);
}

function planChanges(before: SlaPlan, after: SlaPlan): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
  for (const target of after.targets) {
    const old = before.targets.find((t) => t.priority === target.priority);
    for (const key of ["firstResponseMinutes", "resolutionMinutes", "businessHours"] as const) {
      if (old?.[key] !== target[key]) changes[`${target.priority}.${key}`] = { from: old?.[key], to: target[key] };
    }
  }
  return changes;
}

/**
 * Deletes a plan. The default plan stays; a plan some company follows is refused (409) unless
 * `moveCompanies` moves its companies to the default plan first, their open tickets re-timed.
 */
export async function deletePlan({ db, bus }: Services, input: SlaPlanDeleteInput, actor: Actor, now = new Date()) {
  const moved = await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    if (plan.id === DEFAULT_SLA_PLAN_ID) {
      throw new ConflictError("The default SLA plan cannot be deleted: companies without a plan follow it");
    }
    const users = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slaPlanId, plan.id));
    if (users.length > 0 && !input.moveCompanies) {
      throw new ConflictError(
        `${users.length === 1 ? "1 company follows" : `${users.length} companies follow`} the SLA plan "${plan.name}": move ${users.length === 1 ? "it" : "them"} to another plan before deleting it`,
      );
    }
    let retimed: Recomputed[] = [];
    if (users.length > 0) {
      const ids = users.map((u) => u.id);
      await tx.update(clients).set({ slaPlanId: null }).where(inArray(clients.id, ids));
      retimed = await recomputeOpenSla(tx, now, inArray(tickets.clientId, ids));
    }
    await tx.delete(slaPlans).where(eq(slaPlans.id, plan.id));
    await auditPlan(
      tx,
      actor,
      SLA_PLAN_AUDIT_ACTIONS.deleted,
      { name: { from: plan.name, to: null }, companiesMoved: { from: null, to: users.length } },
      now,
    );
    return retimed;
  });
  await publishMoved(bus, moved);
  return { success: true as const, id: input.id };
}

/** The plan a company follows; its open tickets are re-timed on it, no other company's. */
export async function setCompanyPlan({ db, bus }: Services, input: CompanySlaPlan, actor: Actor, now = new Date()) {
  const moved = await db.transaction(async (tx) => {
    const [company] = isUuid(input.clientId)
      ? await tx
          .select({ id: clients.id, name: clients.name, planId: clients.slaPlanId })
          .from(clients)
          .where(eq(clients.id, input.clientId))
          .for("update")
      : [];
    if (!company) throw NotFoundError.of("Client");
    // Locked so a deletion of the plan waits for this, and finds the company on it.
    const plan = await lockPlan(tx, input.planId);
    const from = company.planId ?? DEFAULT_SLA_PLAN_ID;
    if (from === plan.id) return [];
    // The default plan is stored as none, so a company follows it wherever it is renamed.
    const slaPlanId = plan.id === DEFAULT_SLA_PLAN_ID ? null : plan.id;
    await tx.update(clients).set({ slaPlanId }).where(eq(clients.id, company.id));
    await auditPlan(tx, actor, SLA_PLAN_AUDIT_ACTIONS.assigned, { [company.name]: { from, to: plan.id } }, now);
    return recomputeOpenSla(tx, now, eq(tickets.clientId, company.id));
  });
  await publishMoved(bus, moved);
  return { clientId: input.clientId, planId: input.planId };
}
