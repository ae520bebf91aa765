// What follows a ticket write inside its transaction, so that it commits or rolls back with the write:
// the mails it causes (mail/triggers.ts) and, beside them, the integrations' consumers (webhook events,
// automation rules). Each write path calls these once; a new consumer is one line here, not one per path.
import type { SlaAlertState } from "@repo/validators";
import type { DbExecutor } from "@repo/db";
import { runRules } from "../automation/run-rules.js";
import { enqueueSlaMail, enqueueTicketMails } from "../mail/triggers.js";
import { webhookEventForSla, webhookEventsForTicketChange } from "../webhooks/events.js";
import type { TicketRow } from "./serialize.js";
import type { TicketChange } from "./types.js";
import type { WriteSettings } from "./write-settings.js";

/**
 * A ticket created, edited, deleted or commented on (tickets/service.ts, tickets/held.ts). True when a rule
 * acted on the ticket: what was written is then no longer all there is to it.
 */
export async function afterTicketChange(
  tx: DbExecutor,
  change: TicketChange,
  settings?: WriteSettings,
): Promise<boolean> {
  await enqueueTicketMails(tx, change);
  await webhookEventsForTicketChange(tx, change);
  return runRules(tx, change, { settings });
}

/** A ticket the SLA sweep moved to at risk or overdue (sla/sweep.ts); `ticket` is the row after the move. */
export async function afterSlaTransition(tx: DbExecutor, ticket: TicketRow, state: SlaAlertState): Promise<void> {
  await enqueueSlaMail(tx, ticket, state);
  await webhookEventForSla(tx, ticket, state);
  await runRules(tx, { kind: `sla.${state}`, ticket });
}
