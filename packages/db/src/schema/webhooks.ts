import { HTTP_DELIVERY_KINDS, HTTP_DELIVERY_STATUSES } from "@repo/validators";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { belongsToIfAny, createdAt, id, refersTo, requiredText, timestamps, timestamptz } from "./_columns.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/** An admin's subscription: the events named here go to `url`, signed with `secret` (Standard Webhooks). */
export const webhookSubscriptions = pgTable("webhook_subscriptions", {
  id: id(),
  url: requiredText(),
  description: text().notNull().default(""),
  eventTypes: text().array().notNull(),
  /** `whsec_` and the base64 key: the receiver needs it to verify, so it is kept, not hashed. */
  secret: requiredText(),
  enabled: boolean().notNull().default(true),
  /** Why it was turned off: by an admin (null) or by the failing streak (the text the log shows). */
  disabledReason: text(),
  /** Deliveries in a row that ended dead; one delivered resets it. */
  failureStreak: integer().notNull().default(0),
  /** When the current streak began, for the "failing for 24 h" rule. */
  failingSince: timestamptz(),
  createdBy: refersTo(users.id),
  ...timestamps(),
});

/**
 * A webhook event waiting for its fan-out (packages/api/src/webhooks/events.ts): one row, written in the
 * transaction of the change that caused it, whatever the number of subscriptions; the delivery worker
 * leases it, sends it to each subscription that asks for it, and then writes those deliveries as they
 * ended and deletes it, in one statement (packages/api/src/webhooks/fan-out.ts).
 */
export const webhookEvents = pgTable("webhook_events", {
  id: id(),
  type: requiredText(),
  body: jsonb().notNull(),
  ticketId: refersTo(tickets.id),
  /** A worker's lease while it sends the event: null until taken; taken again once it has run out. */
  leasedUntil: timestamptz(),
  /** Leases taken: the attempt number of its deliveries, and which lease may record them. */
  attempts: integer().notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The outbound HTTP queue (packages/api/src/webhooks/deliveries.ts): written in the transaction of the
 * change that causes it, sent after commit by a worker with retries. Webhook events and the automation
 * rules' Teams, Slack and webhook calls share it.
 */
export const httpDeliveries = pgTable(
  "http_deliveries",
  {
    id: id(),
    kind: text({ enum: HTTP_DELIVERY_KINDS }).notNull(),
    url: requiredText(),
    body: jsonb().notNull(),
    subscriptionId: belongsToIfAny(webhookSubscriptions.id),
    /** The automation rule that asked for it (no reference: rules live in another domain's table). */
    ruleId: text(),
    eventType: requiredText(),
    ticketId: refersTo(tickets.id),
    /** The `webhook-id` header: the same on every retry and on a resend, so receivers can deduplicate. */
    messageId: requiredText(),
    status: text({ enum: HTTP_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    /** The first bytes of the last answer, for the log. */
    lastResponse: text(),
    deliveredAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's queue, in the order it claims: only the rows still to send, so the claim reads its
    // batch off the front rather than sorting every row (docs/performance.md §8).
    index("http_deliveries_queue_index")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending', 'failed')`),
    // A subscription's log, newest first.
    index().on(t.subscriptionId, t.createdAt, t.id),
    index().on(t.ruleId, t.createdAt),
    index().on(t.ticketId),
  ],
);
