// The outbound HTTP delivery queue: webhook events and the automation rules' Teams, Slack and webhook
// calls. A delivery is written in the transaction of the change that causes it, so exactly the changes
// that committed go out; a worker (delivery-worker.ts) sends it after commit, with retries.
import { httpDeliveries, type DbExecutor } from "@repo/db";
import type { HttpDeliveryKind } from "@repo/validators";
import { v7 as uuidv7 } from "uuid";

export type HttpDeliveryRow = typeof httpDeliveries.$inferSelect;
/** A delivery a worker holds the lease of, with its subscription's secret (null for a rule's call). */
export type ClaimedDelivery = HttpDeliveryRow & { secret: string | null };

/** How a send ended, as its row records it (delivery-worker.ts decides it from the answer). */
export interface DeliveryEnding {
  status: "delivered" | "failed" | "dead";
  /** A failed one's next try; the end of the others. */
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse: string | null;
  deliveredAt: Date | null;
}

export interface HttpDelivery {
  /** For the log and the retry policy. */
  kind: "webhook" | "teams" | "slack" | "rule-webhook";
  url: string;
  /** The JSON body, sent as is. */
  body: unknown;
  /** A webhook subscription's event: signed with its secret (Standard Webhooks); null for the others. */
  subscriptionId?: string | null;
  /** The automation rule that asked for it, for the rule's run log. */
  ruleId?: string | null;
  /** e.g. "ticket.created", "sla.breached", "rule.notify". */
  eventType: string;
  ticketId?: string | null;
}

// The seam's kinds are spelled out above (fixed for the automation helper); this fails to compile should
// they and the table's list (packages/validators/src/webhooks.ts) drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsAgree: Same<HttpDelivery["kind"], HttpDeliveryKind> = true;
void kindsAgree;

/**
 * The `webhook-id` header of a new delivery: fixed when the event is written, so every retry and every
 * resend carries the same one and a receiver can drop duplicates (delivery is at least once).
 */
export const newMessageId = (): string => `msg_${uuidv7().replaceAll("-", "")}`;

/**
 * Writes one delivery in the caller's transaction (a rule's Teams, Slack or webhook call); a worker sends
 * it after commit, with retries. Webhook events are written once and fanned out instead (events.ts).
 */
export async function enqueueHttpDelivery(tx: DbExecutor, d: HttpDelivery): Promise<void> {
  await tx.insert(httpDeliveries).values({
    kind: d.kind,
    url: d.url,
    body: d.body,
    subscriptionId: d.subscriptionId ?? null,
    ruleId: d.ruleId ?? null,
    eventType: d.eventType,
    ticketId: d.ticketId ?? null,
    messageId: newMessageId(),
  });
}
