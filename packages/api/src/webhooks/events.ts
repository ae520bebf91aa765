// The webhook events (docs/features.md §14): what a ticket write, an SLA transition, a stale device or
// an invoice sends. Written inside the transaction of the write (tickets/after-change.ts and the others),
// so the deliveries are exactly the events that committed; the delivery worker fans each out to every
// enabled subscription that asks for it.
import { and, eq, exists, preparedQuery, sql, webhookEvents, webhookSubscriptions, type DbExecutor } from "@repo/db";
import { ticketReference, type SlaAlertState, type WebhookEventType } from "@repo/validators";
import { publicBaseUrl } from "../mail/templates.js";
import type { TicketRow } from "../tickets/serialize.js";
import type { TicketChange } from "../tickets/types.js";
import { v7 as uuidv7 } from "uuid";

/** The body every subscriber gets, as the Standard Webhooks specification suggests. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

// Run by every ticket write inside its transaction: built once (preparedQuery).
const writeEvent = preparedQuery("webhook_event_write", (db) =>
  db.insert(webhookEvents).select(
    db
      .select({
        id: sql`${sql.placeholder("id")}::uuid`.as("id"),
        type: sql`${sql.placeholder("type")}::text`.as("type"),
        body: sql`${sql.placeholder("body")}::jsonb`.as("body"),
        ticketId: sql`${sql.placeholder("ticketId")}::uuid`.as("ticket_id"),
        // Not leased yet (drizzle's insert-select names every column, in the table's order).
        leasedUntil: sql`null::timestamptz`.as("leased_until"),
        attempts: sql`0`.as("attempts"),
        createdAt: sql`${sql.placeholder("at")}::timestamptz`.as("created_at"),
      })
      .from(sql`(select 1) as one`)
      .where(
        exists(
          db
            .select({ one: sql`1` })
            .from(webhookSubscriptions)
            .where(
              and(
                eq(webhookSubscriptions.enabled, true),
                sql`${webhookSubscriptions.eventTypes} @> array[${sql.placeholder("type")}::text]`,
              ),
            ),
        ),
      ),
  ),
);

/**
 * Writes the event once, in the caller's transaction, if an enabled subscription asks for its type: one
 * statement, one row, however many subscriptions there are. The delivery worker fans it out to each of
 * them (one delivery and one webhook-id per subscription, fixed for its retries) shortly after the
 * commit, with the subscriptions as they are then (docs/performance.md §8: twenty rows per event in
 * the request's transaction were most of what the fan-out cost the request).
 */
export async function emitWebhookEvent(
  tx: DbExecutor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  ticketId: string | null = null,
  at = new Date(),
): Promise<void> {
  const body: WebhookPayload = { type, timestamp: at.toISOString(), data };
  await writeEvent(tx, { id: uuidv7(), type, body: JSON.stringify(body), ticketId, at: at.toISOString() });
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
