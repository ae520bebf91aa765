// The webhook events (docs/features.md §14): what a ticket write, an SLA transition, a stale device or
// an invoice sends, and the fan-out to every enabled subscription that asks for it. Called inside the
// transaction of the write (tickets/after-change.ts and the others), so the deliveries are exactly the
// events that committed.
import { and, eq, preparedQuery, sql, webhookSubscriptions, type DbExecutor } from "@repo/db";
import { ticketReference, type SlaAlertState, type WebhookEventType } from "@repo/validators";
import { publicBaseUrl } from "../mail/templates.js";
import type { TicketRow } from "../tickets/serialize.js";
import type { TicketChange } from "../tickets/types.js";
import { enqueueHttpDeliveries } from "./deliveries.js";

/** The body every subscriber gets, as the Standard Webhooks specification suggests. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

// Asked by every ticket write, inside its transaction: built once (preparedQuery).
const subscriptionsTo = preparedQuery("webhook_subscriptions_to", (db) =>
  db
    .select({ id: webhookSubscriptions.id, url: webhookSubscriptions.url })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.enabled, true),
        sql`${webhookSubscriptions.eventTypes} @> array[${sql.placeholder("type")}]::text[]`,
      ),
    ),
);

/**
 * Writes one delivery of the event per enabled subscription that asks for it, in the caller's
 * transaction. Each gets its own webhook-id (deliveries.ts), fixed for its retries.
 */
export async function emitWebhookEvent(
  tx: DbExecutor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  ticketId: string | null = null,
  at = new Date(),
): Promise<number> {
  const subscriptions = await subscriptionsTo(tx, { type });
  if (subscriptions.length === 0) return 0;
  const body: WebhookPayload = { type, timestamp: at.toISOString(), data };
  await enqueueHttpDeliveries(
    tx,
    subscriptions.map((s) => ({
      kind: "webhook" as const,
      url: s.url,
      body,
      subscriptionId: s.id,
      eventType: type,
      ticketId,
    })),
  );
  return subscriptions.length;
}

/**
 * A ticket as subscribers see it: what the ticket's page shows of its state, and a link to it. The
 * description and the requester's address stay out: a receiver that needs them reads the API with a key.
 */
export function ticketForWebhook(ticket: TicketRow) {
  return {
    id: ticket.id,
    reference: `#${ticketReference(ticket.id)}`,
    title: ticket.title,
    status: ticket.status,
    priority: ticket.priority,
    type: ticket.type,
    source: ticket.source,
    clientId: ticket.clientId,
    assigneeId: ticket.assigneeId,
    tags: ticket.tags,
    slaState: ticket.slaState,
    responseDueAt: ticket.responseDueAt?.toISOString() ?? null,
    resolutionDueAt: ticket.resolutionDueAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    link: `${publicBaseUrl()}/tickets/${ticket.id}`,
  };
}

/**
 * A ticket write's event, if it has one: created, updated, or a public comment. Internal notes never go
 * out (a receiver is outside the provider's staff), nor do held tickets until they are let in, nor
 * deletions.
 */
export async function webhookEventsForTicketChange(tx: DbExecutor, change: TicketChange): Promise<void> {
  if (change.ticket.held) return;
  const ticket = ticketForWebhook(change.ticket);
  switch (change.kind) {
    case "ticket.created":
      await emitWebhookEvent(tx, "ticket.created", { ticket }, change.ticket.id);
      return;
    case "ticket.updated":
      await emitWebhookEvent(tx, "ticket.updated", { ticket, changes: change.changes }, change.ticket.id);
      return;
    case "comment.created":
      if (change.comment.internal) return;
      await emitWebhookEvent(
        tx,
        "comment.created",
        {
          ticket,
          comment: {
            id: change.comment.id,
            authorName: change.comment.authorName,
            content: change.comment.content,
            source: change.comment.source,
            createdAt: change.comment.createdAt.toISOString(),
          },
        },
        change.ticket.id,
      );
      return;
    case "ticket.deleted":
      return;
  }
}

/** The SLA sweep moved a ticket to at risk or overdue: sla.at_risk or sla.breached. */
export async function webhookEventForSla(tx: DbExecutor, row: TicketRow, state: SlaAlertState): Promise<void> {
  if (row.held) return;
  await emitWebhookEvent(
    tx,
    state === "at_risk" ? "sla.at_risk" : "sla.breached",
    { ticket: ticketForWebhook(row) },
    row.id,
  );
}
