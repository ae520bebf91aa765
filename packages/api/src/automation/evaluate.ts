// One rule over one ticket: its conditions, then its actions in a savepoint of the caller's transaction,
// so that a failing action (a deleted canned reply, an assignee since deactivated) undoes that rule's
// own changes and is logged, and never fails the write that ran the rules.
import type { DbExecutor, Tx } from "@repo/db";
import type { AutomationEffect } from "@repo/validators";
import { DomainError } from "../errors.js";
import { log } from "../logger.js";
import type { TicketRow } from "../tickets/serialize.js";
import { type ActionContext, applyActions } from "./actions.js";
import { conditionsHold, type RuleSubject } from "./conditions.js";
import type { RuleRow } from "./rule-rows.js";

export interface RuleOutcome {
  matched: boolean;
  ticket: TicketRow;
  effects: AutomationEffect[];
  error: string | null;
}

export async function evaluateRule(
  tx: DbExecutor,
  rule: RuleRow,
  subject: RuleSubject & { ticket: TicketRow },
  context: ActionContext,
): Promise<RuleOutcome> {
  if (!conditionsHold(rule.conditions, subject)) {
    return { matched: false, ticket: subject.ticket, effects: [], error: null };
  }
  try {
    const done = await tx.transaction((savepoint: Tx) => applyActions(savepoint, rule, subject.ticket, context));
    return { matched: true, ...done, error: null };
  } catch (error) {
    // A domain error's message is for people ("Tickets can be assigned to active admins and agents
    // only"); anything else is logged in full and named only vaguely in the run log.
    const message = error instanceof DomainError ? error.message : "The rule's actions failed";
    log.warn({ err: error, ruleId: rule.id, ticketId: subject.ticket.id }, "an automation rule failed");
    return { matched: true, ticket: subject.ticket, effects: [], error: message };
  }
}
