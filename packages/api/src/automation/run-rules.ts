// The rules on a ticket event, called once per write from tickets/after-change.ts, inside the write's
// transaction: the enabled rules of the event's trigger run in order over the ticket, each seeing the
// ticket as the rules before it left it, until a matched rule says "stop here".
import type { DbExecutor } from "@repo/db";
import type { SlaAlertState } from "@repo/validators";
import type { TicketRow } from "../tickets/serialize.js";
import type { TicketChange } from "../tickets/types.js";
import { isAutomationActor } from "./actor.js";
import type { RuleSubject } from "./conditions.js";
import { evaluateRule } from "./evaluate.js";
import { RuleLookups } from "./lookups.js";
import { logRun } from "./rule-rows.js";
import { rulesOf, type WriteSettings } from "../tickets/write-settings.js";

/** A ticket write, or a ticket the SLA sweep moved to at risk or overdue. */
export type AutomationEvent = TicketChange | { kind: `sla.${SlaAlertState}`; ticket: TicketRow };

/** Runs the rules of `event`; true when one matched (and so may have changed the ticket or added to it). */
export async function runRules(
  tx: DbExecutor,
  event: AutomationEvent,
  { now = new Date(), settings }: { now?: Date; settings?: WriteSettings } = {},
): Promise<boolean> {
  if (event.kind === "ticket.deleted") return false;
  // The loop guard: a rule's own change runs no rules (actor.ts).
  if ("actor" in event && isAutomationActor(event.actor)) return false;
  // A held ticket is not yet anyone's work (docs/decisions/0027-held-intake.md): rules wait for its acceptance.
  if (event.ticket.held) return false;
  const rules = await rulesOf(tx, event.kind, settings);
  if (rules.length === 0) return false;

  const lookups = new RuleLookups(tx);
  let ticket = event.ticket;
  let matched = false;
  for (const rule of rules) {
    const subject: RuleSubject & { ticket: TicketRow } = {
      ticket,
      changes: event.kind === "ticket.updated" ? event.changes : undefined,
      commentText: event.kind === "comment.created" ? event.comment.content : undefined,
    };
    const outcome = await evaluateRule(tx, rule, subject, { trigger: event.kind, lookups, now });
    if (!outcome.matched) continue;
    matched = true;
    ticket = outcome.ticket;
    await logRun(tx, {
      ruleId: rule.id,
      ticketId: ticket.id,
      trigger: event.kind,
      matched: true,
      effects: outcome.effects,
      error: outcome.error,
      at: now,
    });
    if (rule.stopHere) break;
  }
  return matched;
}
