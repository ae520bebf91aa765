// The fan-out of webhook events (events.ts writes one row per event): the delivery worker takes a few
// events at a time, writes one delivery per enabled subscription that asks for each, and deletes the
// events, in one transaction. The events are locked with SKIP LOCKED, so two instances never fan out one
// event twice. The deliveries are written already claimed by this worker ('sending', first attempt,
// leased), so it sends them at once without a claim of its own: one update less per delivery, and a
// worker that dies before recording leaves them to be claimed again when the lease runs out.
import { httpDeliveries, sql, webhookEvents, webhookSubscriptions, eq, type Database } from "@repo/db";
import type { ClaimedDelivery } from "./delivery-worker.js";
import { newMessageId } from "./deliveries.js";

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
    const rows = events.flatMap((event) =>
      subscriptions
        .filter((s) => s.eventTypes.includes(event.type))
        .map((s) => ({
          kind: "webhook" as const,
          url: s.url,
          body: event.body,
          subscriptionId: s.id,
          eventType: event.type,
          ticketId: event.ticketId,
          messageId: newMessageId(),
          status: "sending" as const,
          attempts: 1,
          nextAttemptAt: leaseEnds,
        })),
    );
    if (rows.length === 0) return { events: events.length, deliveries: [] };
    const written = await tx.insert(httpDeliveries).values(rows).returning();
    const secrets = new Map(subscriptions.map((s) => [s.id, s.secret]));
    return {
      events: events.length,
      deliveries: written.map((r) => ({ ...r, secret: secrets.get(r.subscriptionId!) ?? null })),
    };
  });
}
