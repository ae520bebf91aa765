// The fan-out of webhook events (events.ts writes one row per event): the delivery worker takes a few
// events at a time, writes one delivery per enabled subscription that asks for each, and deletes the
// events, in one transaction. The events are locked with SKIP LOCKED, so two instances never fan out one
// event twice. The deliveries are written already claimed by this worker ('sending', first attempt,
// leased), so it sends them at once without a claim of its own: one update less per delivery, and a
// worker that dies before recording leaves them to be claimed again when the lease runs out.
import { eq, httpDeliveries, sql, webhookEvents, webhookSubscriptions, type Database } from "@repo/db";
import { v7 as uuidv7 } from "uuid";
import { type ClaimedDelivery, newMessageId } from "./deliveries.js";

export interface FanOut {
  /** Events taken (zero when none was waiting). */
  events: number;
  /** Their deliveries, claimed by the caller until `leaseEnds`. */
  deliveries: ClaimedDelivery[];
}

export async function fanOutEvents(
  db: Database,
  { events: limit, leaseEnds }: { events: number; leaseEnds: Date },
): Promise<FanOut> {
  return db.transaction(async (tx) => {
    // `= any(array(…))`: the locking subquery runs once (see claimDue in delivery-worker.ts).
    const events = await tx
      .delete(webhookEvents)
      .where(
        sql`${webhookEvents.id} = any(array(select ${webhookEvents.id} from ${webhookEvents} order by ${webhookEvents.id} limit ${limit} for update skip locked))`,
      )
      .returning();
    if (events.length === 0) return { events: 0, deliveries: [] };
    const subscriptions = await tx
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
    const createdAt = new Date();
    const deliveries: ClaimedDelivery[] = [];
    const rows: { id: string; url: string; subscription_id: string; message_id: string; event: number }[] = [];
    for (const [n, event] of events.entries())
      for (const s of subscriptions) {
        if (!s.eventTypes.includes(event.type)) continue;
        const delivery: ClaimedDelivery = {
          id: uuidv7(),
          kind: "webhook",
          url: s.url,
          body: event.body,
          subscriptionId: s.id,
          ruleId: null,
          eventType: event.type,
          ticketId: event.ticketId,
          messageId: newMessageId(),
          status: "sending",
          attempts: 1,
          nextAttemptAt: leaseEnds,
          lastStatusCode: null,
          lastError: null,
          lastResponse: null,
          deliveredAt: null,
          createdAt,
          secret: s.secret,
        };
        deliveries.push(delivery);
        rows.push({ id: delivery.id, url: s.url, subscription_id: s.id, message_id: delivery.messageId, event: n });
      }
    if (rows.length === 0) return { events: events.length, deliveries };
    // One insert, its values as two JSON documents: each event's body once, and a small record per
    // delivery. Drizzle's multi-row insert sent eleven parameters per row, the body in each, and building
    // that statement took a tenth of this worker's CPU (docs/performance.md §8).
    const byEvent = events.map((e, n) => ({ n, type: e.type, ticket_id: e.ticketId, body: e.body }));
    await tx.execute(sql`
      insert into ${httpDeliveries} (id, kind, url, body, subscription_id, event_type, ticket_id, message_id,
        status, attempts, next_attempt_at, created_at)
      select d.id, 'webhook', d.url, e.body, d.subscription_id, e.type, e.ticket_id, d.message_id, 'sending', 1,
        ${leaseEnds.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as d(id uuid, url text, subscription_id uuid, message_id text, event int)
      join jsonb_to_recordset(${JSON.stringify(byEvent)}::jsonb)
        as e(n int, type text, ticket_id uuid, body jsonb) on e.n = d.event`);
    return { events: events.length, deliveries };
  });
}
