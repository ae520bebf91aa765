// Who a rule's changes are made by: "Automation: <rule name>", so the history, the mails and the live
// events show them like anyone's. The loop guard: an actor made here is remembered (by identity, the
// object the write passes on to afterTicketChange), and a change by such an actor runs no rules, so a
// rule's change never triggers a rule again, whatever the rules say (no ping-pong between two rules).
import type { Actor } from "../tickets/types.js";

const automationActors = new WeakSet<Actor>();

/** The actor of a rule's changes; staff rights (a public reply, an internal note), no user id. */
export function automationActor(ruleName: string): Actor & { role: "ADMIN" } {
  const actor = { id: null, name: `Automation: ${ruleName}`, role: "ADMIN" as const };
  automationActors.add(actor);
  return actor;
}

/** Whether a change was made by a rule (its events are not evaluated again). */
export const isAutomationActor = (actor: Actor): boolean => automationActors.has(actor);
