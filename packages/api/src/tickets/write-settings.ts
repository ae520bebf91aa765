// What a write to an existing ticket reads that does not depend on the ticket's row: the SLA policies of
// its company's plan (with the calendar) and the enabled rules of the write's trigger. A write reads them
// before it locks the ticket, so that the lock, which every other write to that ticket waits for, covers
// only the writes (docs/performance.md §10f). They are the settings as of the moment before the write, as
// if an admin's change to them had come just after it; policies read for a company the ticket has since
// left are not used (read again under the lock). The read is not confined to the caller's company: it
// returns nothing to the caller, and its policies are used only once lockTicket has found the ticket in
// the caller's scope and its company is the one they were read for (policiesOf).
import { type DbExecutor, isUuid, onOneConnection } from "@repo/db";
import type { AutomationTriggerKind } from "@repo/validators";
import { isAutomationActor } from "../automation/actor.js";
import { enabledRules, type RuleRow } from "../automation/rule-rows.js";
import { loadClientPolicies, loadTicketPolicies, type SlaPolicies } from "../sla/policies.js";
import type { Actor } from "./types.js";

export interface WriteSettings {
  /** The policies of the plan of the company the ticket had when read; null: not found. */
  policies: { clientId: string; policies: SlaPolicies } | null;
  /** The enabled rules of one trigger; null when the write runs none (a rule's own change). */
  rules: { trigger: AutomationTriggerKind; rules: RuleRow[] } | null;
}

/** Reads the settings of `actor`'s write to `ticketId`, which fires `trigger`. */
export async function readWriteSettings(
  db: DbExecutor,
  { ticketId, trigger, actor }: { ticketId: string; trigger: AutomationTriggerKind; actor: Actor },
): Promise<WriteSettings> {
  // A rule's own change runs no rules (the loop guard, automation/actor.ts): none to read.
  const runsRules = !isAutomationActor(actor);
  // Both sent together on one connection: one wait and one socket write (onOneConnection).
  const [policies, rules] = await onOneConnection(db, (one) =>
    Promise.all([
      // An id that is no uuid is refused under the lock, as not found (lockTicket).
      isUuid(ticketId) ? loadTicketPolicies(one, ticketId) : null,
      runsRules ? enabledRules(one, trigger) : null,
    ]),
  );
  return { policies, rules: rules ? { trigger, rules } : null };
}

/** The policies of `clientId`'s plan: the ones read before the lock when they are that company's. */
export async function policiesOf(db: DbExecutor, clientId: string, settings?: WriteSettings): Promise<SlaPolicies> {
  const read = settings?.policies;
  return read?.clientId === clientId ? read.policies : loadClientPolicies(db, clientId);
}

/** The enabled rules of `trigger`: the ones read before the lock when they are that trigger's. */
export async function rulesOf(
  db: DbExecutor,
  trigger: AutomationTriggerKind,
  settings?: WriteSettings,
): Promise<RuleRow[]> {
  const read = settings?.rules;
  return read?.trigger === trigger ? read.rules : enabledRules(db, trigger);
}
