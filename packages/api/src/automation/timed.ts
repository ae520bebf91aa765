// The time-based trigger, "status has been X for N business hours/days", checked by a periodic task.
// It fires once per ticket per rule per entry into the status: the run log's unique key (rule, ticket,
// onceKey = status and entry instant) is the claim, inserted in the transaction that applies the actions,
// so of two instances exactly one inserts it and acts; the other's insert finds it and does nothing. A
// ticket that leaves the status and comes back is a new entry, and fires again.
import { automationRuns, eq, tickets, type Database, type Tx } from "@repo/db";
import type { AutomationTrigger } from "@repo/validators";
import type { EventBus } from "../events.js";
import { runPeriodically } from "../lib/periodic.js";
import { inOuterTransaction } from "../tickets/service.js";
import type { TicketRow } from "../tickets/serialize.js";
import { businessClock, durationReached, thresholdMs } from "./business-time.js";
import { evaluateRule } from "./evaluate.js";
import { RuleLookups } from "./lookups.js";
import { enabledRules, type RuleRow } from "./rule-rows.js";
import { ticketsInStatusSince } from "./status-entries.js";

export const TIMED_RULES_INTERVAL_MS = 60_000;

type DurationTrigger = Extract<AutomationTrigger, { kind: "status.duration" }>;

const onceKeyOf = (status: string, enteredAt: Date) => `${status}@${enteredAt.toISOString()}`;

/** Fires the time-based rules whose duration has passed; returns how many (rule, ticket) runs it claimed. */
export async function fireTimedRules(db: Database, bus: EventBus, now = new Date()): Promise<number> {
  const rules = await enabledRules(db, "status.duration");
  if (rules.length === 0) return 0;
  const clock = await businessClock(db);
  let fired = 0;
  for (const rule of rules) {
    const trigger = rule.trigger as DurationTrigger;
    // Working time never exceeds wall time: only tickets in the status for the wall span can qualify.
    const since = new Date(now.getTime() - thresholdMs(trigger, clock));
    const candidates = await ticketsInStatusSince(db, trigger.status, since);
    for (const { ticket, enteredAt } of candidates) {
      if (!durationReached(trigger, clock, enteredAt, now)) continue;
      if (await fireOnce(db, bus, rule, trigger, ticket, enteredAt, now)) fired++;
    }
  }
  return fired;
}

async function fireOnce(
  db: Database,
  bus: EventBus,
  rule: RuleRow,
  trigger: DurationTrigger,
  ticket: TicketRow,
  enteredAt: Date,
  now: Date,
): Promise<boolean> {
  const onceKey = onceKeyOf(trigger.status, enteredAt);
  // The rule's ticket writes publish after this commits (inOuterTransaction), as any write does.
  return inOuterTransaction({ db, bus }, async (nested, tx: Tx) => {
    const [locked] = await tx.select().from(tickets).where(eq(tickets.id, ticket.id)).for("update");
    // Moved on since it was read: its entry is no longer the one that qualified.
    if (!locked || locked.status !== trigger.status || locked.held) return false;
    const [claim] = await tx
      .insert(automationRuns)
      .values({ ruleId: rule.id, ticketId: ticket.id, trigger: "status.duration", matched: false, onceKey, at: now })
      .onConflictDoNothing()
      .returning({ id: automationRuns.id });
    if (!claim) return false;
    const outcome = await evaluateRule(
      tx,
      rule,
      { ticket: locked },
      { trigger: "status.duration", lookups: new RuleLookups(tx), now, bus: nested.bus },
    );
    await tx
      .update(automationRuns)
      .set({ matched: outcome.matched, effects: outcome.effects, error: outcome.error })
      .where(eq(automationRuns.id, claim.id));
    return true;
  });
}

/** Runs the time-based rules now and every `intervalMs` (lib/periodic.ts); returns the stop function. */
export function startTimedRules(
  db: Database,
  bus: EventBus,
  intervalMs = TIMED_RULES_INTERVAL_MS,
): () => Promise<void> {
  return runPeriodically("Automation timed rules", intervalMs, () => fireTimedRules(db, bus));
}
