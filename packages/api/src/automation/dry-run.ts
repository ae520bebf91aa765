// The dry run: a rule (saved, or the editor's unsaved one) over the last 100 tickets, answering per ticket
// whether it would match and what each action would change. It reads only; a saved rule's dry run leaves
// one line in its run log (dryRun, no ticket), so the log shows it was tried.
import { desc, eq, getTableColumns, tickets, type Database } from "@repo/db";
import type { AutomationDryRun, AutomationRuleInput } from "@repo/validators";
import type { Scope } from "../auth/scope.js";
import type { TicketRow } from "../tickets/serialize.js";
import { planAction, simulate } from "./actions.js";
import { businessClock, durationReached } from "./business-time.js";
import { conditionsHold } from "./conditions.js";
import { RuleLookups } from "./lookups.js";
import { logRun } from "./rule-rows.js";
import { getRule, requireAdmin } from "./rules.js";
import { entryTimes } from "./status-entries.js";

export const DRY_RUN_TICKETS = 100;

const { searchVector: _searchVector, ...ticketColumns } = getTableColumns(tickets);

export async function dryRunRule(
  db: Database,
  scope: Scope,
  input: { id: string } | { rule: AutomationRuleInput },
  now = new Date(),
): Promise<AutomationDryRun> {
  requireAdmin(scope);
  const saved = "id" in input ? await getRule(db, scope, input.id) : null;
  const rule = saved ?? (input as { rule: AutomationRuleInput }).rule;
  const recent: TicketRow[] = await db
    .select(ticketColumns)
    .from(tickets)
    .where(eq(tickets.held, false))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(DRY_RUN_TICKETS);
  const triggerHolds = await triggerTest(db, rule.trigger, recent, now);
  const lookups = new RuleLookups(db);
  const rows: AutomationDryRun["tickets"] = [];
  for (const ticket of recent) {
    const matched = triggerHolds(ticket) && conditionsHold(rule.conditions, { ticket, dryRun: true });
    const effects = [];
    let current = ticket;
    for (const action of matched ? rule.actions : []) {
      const effect = await planAction(current, action, lookups);
      if (effect) effects.push(effect);
      current = simulate(current, action);
    }
    rows.push({ ticketId: ticket.id, title: ticket.title, matched, effects });
  }
  if (saved) {
    await logRun(db, {
      ruleId: saved.id,
      ticketId: null,
      trigger: saved.trigger.kind,
      matched: rows.some((r) => r.matched),
      effects: [
        { kind: "dry_run", change: `${rows.filter((r) => r.matched).length} of ${rows.length} tickets would match` },
      ],
      dryRun: true,
      at: now,
    });
  }
  return { tickets: rows };
}

/**
 * Whether a ticket is where the trigger fires: an SLA trigger, in that SLA state; the time-based one, in
 * the status for long enough by now. Ticket and comment events could happen to any ticket.
 */
async function triggerTest(
  db: Database,
  trigger: AutomationRuleInput["trigger"],
  recent: TicketRow[],
  now: Date,
): Promise<(ticket: TicketRow) => boolean> {
  switch (trigger.kind) {
    case "sla.at_risk":
      return (t) => t.slaState === "at_risk";
    case "sla.overdue":
      return (t) => t.slaState === "overdue";
    case "status.duration": {
      const clock = await businessClock(db);
      const entered = await entryTimes(
        db,
        recent.filter((t) => t.status === trigger.status).map((t) => t.id),
      );
      return (t) => {
        const at = entered.get(t.id);
        return at !== undefined && durationReached(trigger, clock, at, now);
      };
    }
    default:
      return () => true;
  }
}
