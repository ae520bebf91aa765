// A rule's conditions over one ticket event: pure functions, no database, so that evaluation stays far
// under the 1 ms per rule per event budget (bench/automation-rules.ts) and the dry run shares it.
import type { AutomationCondition } from "@repo/validators";
import type { TicketRow } from "../tickets/serialize.js";
import type { FieldChanges } from "../tickets/types.js";

/** What the conditions look at: the ticket as it stands, and what the event says happened to it. */
export interface RuleSubject {
  ticket: Pick<
    TicketRow,
    "clientId" | "priority" | "status" | "type" | "tags" | "title" | "description" | "requesterEmail"
  >;
  /** ticket.updated: the fields that changed (from the write's diff). */
  changes?: FieldChanges;
  /** comment.created: the new comment's text, which "body contains" also reads. */
  commentText?: string;
  /**
   * A dry run has no event: a "changed to" condition then holds when the field now has that value, as if
   * it had just changed to it.
   */
  dryRun?: boolean;
}

const includes = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** Whether one condition holds. */
export function conditionHolds(condition: AutomationCondition, subject: RuleSubject): boolean {
  const { ticket } = subject;
  switch (condition.kind) {
    case "company":
      return condition.clientIds.includes(ticket.clientId);
    case "priority":
      return condition.in.includes(ticket.priority);
    case "status":
      return condition.in.includes(ticket.status);
    case "type":
      return condition.in.includes(ticket.type);
    case "tags": {
      const has = new Set(ticket.tags.map((t) => t.toLowerCase()));
      const wanted = condition.tags.map((t) => t.toLowerCase());
      return condition.match === "any" ? wanted.some((t) => has.has(t)) : wanted.every((t) => has.has(t));
    }
    case "text": {
      const inSubject = condition.field !== "body" && includes(ticket.title, condition.contains);
      const inBody =
        condition.field !== "subject" &&
        (includes(ticket.description, condition.contains) ||
          (subject.commentText !== undefined && includes(subject.commentText, condition.contains)));
      return inSubject || inBody;
    }
    case "sender": {
      const email = ticket.requesterEmail.trim().toLowerCase();
      const value = condition.match === "email" ? email : email.slice(email.lastIndexOf("@") + 1);
      return condition.values.includes(value);
    }
    case "changed": {
      if (subject.dryRun) {
        return condition.to === undefined || String(fieldValue(ticket, condition.field)) === String(condition.to);
      }
      const change = subject.changes?.[condition.field];
      if (!change) return false;
      return condition.to === undefined || String(change.to ?? null) === String(condition.to);
    }
  }
}

const fieldValue = (ticket: RuleSubject["ticket"], field: string): unknown =>
  (ticket as Record<string, unknown>)[field] ?? null;

/** Whether every condition holds (no conditions: always). */
export const conditionsHold = (conditions: readonly AutomationCondition[], subject: RuleSubject): boolean =>
  conditions.every((c) => conditionHolds(c, subject));
