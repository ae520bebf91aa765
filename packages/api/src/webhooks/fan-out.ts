// The fan-out of webhook events (events.ts writes one row per event). The delivery worker leases a few
// events at a time (SKIP LOCKED, so two instances never hold one event at once), sends each to every
// enabled subscription that asks for it, and then, in one statement, deletes the events and writes their
// deliveries as they ended: delivered, failed and due again, or dead. A delivery of an event is written
// once: a row written 'sending' before its send and updated after it cost PostgreSQL two heap tuples and
// nine index entries (the update to 'delivered' leaves the queue index's condition, so it cannot be a
// HOT update), where one written afterwards costs one and four (decision 0064).
//
// A worker that dies mid-send leaves its events leased; once the lease has run out any worker takes them
// again (the attempt number goes up) and sends them under the same webhook-ids, derived from event and
// subscription, so a receiver drops what it already had. Only the holder of the current lease may record.
import {
  and,
  asc,
  eq,
  executeRows,
  httpDeliveries,
  isNull,
  lte,
  or,
  sql,
  webhookEvents,
  webhookSubscriptions,
  type Database,
} from "@repo/db";
import { v5 as uuidv5, v7 as uuidv7 } from "uuid";
import type { ClaimedDelivery, DeliveryEnding } from "./deliveries.js";
import { endStreaks } from "./streak.js";

/** A delivery the fan-out holds in memory until its send has ended. */
export type FannedOutDelivery = ClaimedDelivery & { eventId: string };

export interface FanOut {
  /** The events leased, each with its lease's attempt number (zero events when none was waiting). */
  events: { id: string; attempts: number }[];
  /** Their deliveries, to send and then to record with `recordFanOut`. */
  deliveries: FannedOutDelivery[];
}

/**
 * The `webhook-id` of an event's delivery to a subscription: the same each time the event is leased, so
 * the sends of a worker that died and of the one that took over carry one id (delivery is at least once).
 */
export const eventMessageId = (eventId: string, subscriptionId: string): string =>
  `msg_${uuidv5(subscriptionId, eventId).replaceAll("-", "")}`;

/** Leases up to `limit` waiting events (never leased, or whose lease has run out) until `leaseEnds`. */
export async function leaseEvents(
  db: Database,
  { events: limit, now, leaseEnds }: { events: number; now: Date; leaseEnds: Date },
): Promise<FanOut> {
  const free = or(isNull(webhookEvents.leasedUntil), lte(webhookEvents.leasedUntil, now));
  const waiting = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(free)
    .orderBy(asc(webhookEvents.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  // `= any(array(…))`: the locking subquery runs once (see claimDue in delivery-worker.ts).
  const events = await db
    .update(webhookEvents)
    .set({ leasedUntil: leaseEnds, attempts: sql`${webhookEvents.attempts} + 1` })
    .where(and(sql`${webhookEvents.id} = any(array(${waiting}))`, free))
    .returning();
  if (events.length === 0) return { events: [], deliveries: [] };
  const subscriptions = await db
    .select({
      id: webhookSubscriptions.id,
      url: webhookSubscriptions.url,
      eventTypes: webhookSubscriptions.eventTypes,
      secret: webhookSubscriptions.secret,
    })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.enabled, true));
  // Events in the order they happened (ids are time-ordered), each to its subscriptions.
  events.sort((a, b) => (a.id < b.id ? -1 : 1));
  const deliveries: FannedOutDelivery[] = [];
  for (const event of events)
    for (const s of subscriptions) {
      if (!s.eventTypes.includes(event.type)) continue;
      deliveries.push({
        id: uuidv7(),
        eventId: event.id,
        kind: "webhook",
        url: s.url,
        body: event.body,
        subscriptionId: s.id,
        ruleId: null,
        eventType: event.type,
        ticketId: event.ticketId,
        messageId: eventMessageId(event.id, s.id),
        status: "sending",
        attempts: event.attempts,
        nextAttemptAt: leaseEnds,
        lastStatusCode: null,
        lastError: null,
        lastResponse: null,
        deliveredAt: null,
        createdAt: now,
        secret: s.secret,
      });
    }
  return { events: events.map((e) => ({ id: e.id, attempts: e.attempts })), deliveries };
}

/**
 * Deletes the leased events that are still this worker's (same attempt number) and writes their
 * deliveries as they ended, ending the failing streak of each subscription that got one through: one
 * statement, so an event is never gone without its deliveries. Returns the deliveries written (none of a
 * lease that ran out: its events are another worker's now).
 */
export async function recordFanOut(
  db: Database,
  fanOut: FanOut,
  ended: readonly { row: FannedOutDelivery; ending: DeliveryEnding }[],
): Promise<{ id: string; subscriptionId: string; status: string }[]> {
  if (fanOut.events.length === 0) return [];
  // The values as JSON documents, the bodies not at all: they are read back from the deleted events.
  const rows = ended.map(({ row, ending }) => ({
    id: row.id,
    event_id: row.eventId,
    url: row.url,
    subscription_id: row.subscriptionId,
    message_id: row.messageId,
    created_at: row.createdAt,
    status: ending.status,
    next_attempt_at: ending.nextAttemptAt,
    last_status_code: ending.lastStatusCode,
    last_error: ending.lastError,
    last_response: ending.lastResponse,
    delivered_at: ending.deliveredAt,
  }));
  return executeRows(
    db,
    sql`
      with taken as (
        delete from ${webhookEvents} e
        using jsonb_to_recordset(${JSON.stringify(fanOut.events)}::jsonb) as l (id uuid, attempts int)
        where e.id = l.id and e.attempts = l.attempts
        returning e.id, e.type, e.body, e.ticket_id, e.attempts
      ), written as (
        insert into ${httpDeliveries} (id, kind, url, body, subscription_id, event_type, ticket_id, message_id,
          status, attempts, next_attempt_at, last_status_code, last_error, last_response, delivered_at, created_at)
        select d.id, 'webhook', d.url, t.body, d.subscription_id, t.type, t.ticket_id, d.message_id,
          d.status, t.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.last_response,
          d.delivered_at, d.created_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d (id uuid, event_id uuid, url text,
          subscription_id uuid, message_id text, created_at timestamptz, status text, next_attempt_at timestamptz,
          last_status_code int, last_error text, last_response text, delivered_at timestamptz)
        join taken t on t.id = d.event_id
        returning id, subscription_id, status
      ), streaks as (${endStreaks(sql`select subscription_id from written where status = 'delivered'`)})
      select id, subscription_id as "subscriptionId", status from written`,
  );
}
