// Reading rules and writing the run log: shared by the event path, the time-based task and the dry run.
import { and, asc, automationRules, automationRuns, eq, preparedQuery, sql, type DbExecutor } from "@repo/db";
import type { AutomationEffect, AutomationTriggerKind } from "@repo/validators";

export type RuleRow = typeof automationRules.$inferSelect;

// Asked by every ticket write: built once (preparedQuery).
const enabledRuleRows = preparedQuery("automation_rules_enabled", (db) =>
  db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.enabled, true),
        sql`${automationRules.trigger} ->> 'kind' = ${sql.placeholder("trigger")}`,
      ),
    )
    .orderBy(asc(automationRules.position), asc(automationRules.id)),
);

/** The enabled rules of one trigger, in order. */
export async function enabledRules(db: DbExecutor, trigger: AutomationTriggerKind): Promise<RuleRow[]> {
  return enabledRuleRows(db, { trigger });
}

export interface RunEntry {
  ruleId: string;
  ticketId: string | null;
  trigger: string;
  matched: boolean;
  effects?: AutomationEffect[];
  error?: string | null;
  dryRun?: boolean;
  at: Date;
}

export async function logRun(db: DbExecutor, entry: RunEntry): Promise<void> {
  await db.insert(automationRuns).values({
    ...entry,
    effects: entry.effects ?? [],
    error: entry.error ?? null,
    dryRun: entry.dryRun ?? false,
  });
}
