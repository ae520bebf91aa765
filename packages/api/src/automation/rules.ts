// Managing the rules (an ADMIN's, docs/features.md §15): list, create, edit, enable, reorder, delete, and
// read a rule's run log. What a rule names (an assignee, a canned reply) is checked on save, so that a
// typo fails the form and not, later, the rule.
import {
  automationRules,
  automationRuns,
  cannedReplies,
  desc,
  eq,
  isUuid,
  sql,
  type Database,
  type DbExecutor,
} from "@repo/db";
import type { AutomationRule, AutomationRuleInput, AutomationRun } from "@repo/validators";
import type { Scope } from "../auth/scope.js";
import { ForbiddenError, InvalidError, NotFoundError } from "../errors.js";
import { assertAssignable } from "../tickets/service.js";
import type { RuleRow } from "./rule-rows.js";

/** Rules act on every company's tickets: only an ADMIN reads or writes them. */
export function requireAdmin(scope: Scope): void {
  if (scope.kind !== "staff" || scope.role !== "ADMIN") throw new ForbiddenError("Only admins manage automation rules");
}

const notFound = () => NotFoundError.of("Rule");

export const serializeRule = (row: RuleRow): AutomationRule => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  position: row.position,
  trigger: row.trigger,
  conditions: row.conditions,
  actions: row.actions,
  stopHere: row.stopHere,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listRules(db: DbExecutor, scope: Scope): Promise<AutomationRule[]> {
  requireAdmin(scope);
  const rows = await db.select().from(automationRules).orderBy(automationRules.position, automationRules.id);
  return rows.map(serializeRule);
}

export async function getRule(db: DbExecutor, scope: Scope, id: string): Promise<RuleRow> {
  requireAdmin(scope);
  const [row] = isUuid(id) ? await db.select().from(automationRules).where(eq(automationRules.id, id)) : [];
  if (!row) throw notFound();
  return row;
}

/** Refuses a rule whose actions name someone who cannot be assigned or a canned reply that is gone. */
async function assertActionsValid(db: DbExecutor, input: AutomationRuleInput): Promise<void> {
  for (const action of input.actions) {
    if (action.kind === "assign" && action.userId) await assertAssignable(db, action.userId);
    if (action.kind === "canned_reply") {
      const [reply] = await db
        .select({ id: cannedReplies.id })
        .from(cannedReplies)
        .where(eq(cannedReplies.id, action.cannedReplyId));
      if (!reply) throw new InvalidError("Choose a canned reply that exists");
    }
  }
}

export async function createRule(db: Database, scope: Scope, input: AutomationRuleInput): Promise<AutomationRule> {
  requireAdmin(scope);
  await assertActionsValid(db, input);
  const row = await db.transaction(async (tx) => {
    // Serialises creations, so two rules never take the same last position.
    await tx.execute(sql`lock table ${automationRules} in share row exclusive mode`);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${automationRules.position}), 0)`.mapWith(Number) })
      .from(automationRules);
    const [created] = await tx
      .insert(automationRules)
      .values({
        ...input,
        position: (last?.position ?? 0) + 1,
        createdBy: scope.kind === "staff" ? scope.userId : null,
      })
      .returning();
    return created!;
  });
  return serializeRule(row);
}

export async function updateRule(
  db: Database,
  scope: Scope,
  id: string,
  input: AutomationRuleInput,
): Promise<AutomationRule> {
  await getRule(db, scope, id);
  await assertActionsValid(db, input);
  const [row] = await db.update(automationRules).set(input).where(eq(automationRules.id, id)).returning();
  if (!row) throw notFound();
  return serializeRule(row);
}

export async function setRuleEnabled(
  db: Database,
  scope: Scope,
  id: string,
  enabled: boolean,
): Promise<AutomationRule> {
  await getRule(db, scope, id);
  const [row] = await db.update(automationRules).set({ enabled }).where(eq(automationRules.id, id)).returning();
  if (!row) throw notFound();
  return serializeRule(row);
}

export async function deleteRule(db: Database, scope: Scope, id: string): Promise<void> {
  const rule = await getRule(db, scope, id);
  await db.delete(automationRules).where(eq(automationRules.id, rule.id));
}

/** Swaps the rule with its neighbour above or below; at either end nothing moves. */
export async function moveRule(
  db: Database,
  scope: Scope,
  id: string,
  direction: "up" | "down",
): Promise<AutomationRule[]> {
  requireAdmin(scope);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(automationRules)
      .orderBy(automationRules.position, automationRules.id)
      .for("update");
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw notFound();
    const other = rows[direction === "up" ? at - 1 : at + 1];
    if (!other) return;
    const self = rows[at]!;
    // Positions may repeat after concurrent creations: renumber densely while swapping.
    const order = rows.map((r) => r.id);
    order[at] = other.id;
    order[rows.indexOf(other)] = self.id;
    for (const [index, ruleId] of order.entries()) {
      await tx
        .update(automationRules)
        .set({ position: index + 1 })
        .where(eq(automationRules.id, ruleId));
    }
  });
  return listRules(db, scope);
}

/** A rule's run log, newest first (the last 200 runs). */
export async function ruleRuns(db: DbExecutor, scope: Scope, ruleId: string): Promise<AutomationRun[]> {
  const rule = await getRule(db, scope, ruleId);
  const rows = await db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, rule.id))
    .orderBy(desc(automationRuns.at), desc(automationRuns.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    ruleId: r.ruleId,
    ticketId: r.ticketId,
    trigger: r.trigger,
    matched: r.matched,
    effects: r.effects,
    error: r.error,
    dryRun: r.dryRun,
    at: r.at.toISOString(),
  }));
}
