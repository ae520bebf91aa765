// Webhook subscriptions (docs/features.md §14): an admin's, to any number of event types, each with its
// own signing secret, shown once. Every function takes the caller's scope and answers only an admin.
import { randomBytes } from "node:crypto";
import { and, desc, eq, httpDeliveries, inArray, lt, sql, webhookSubscriptions, type DbExecutor } from "@repo/db";
import type {
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionCreateInput,
  WebhookSubscriptionUpdateInput,
} from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../errors.js";
import { privateTargetsAllowed, readWebhookSettings } from "../settings/webhooks.js";
import { newMessageId } from "./deliveries.js";
import { refuseTarget } from "./targets.js";

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
type DeliveryRow = typeof httpDeliveries.$inferSelect;

/** Where the subscriptions' rule of who may call lives: an admin, and nobody else. */
function requireAdminScope(scope: StaffScope): void {
  if (scope.role !== "ADMIN") throw new ForbiddenError("Administrators only");
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (the package's format). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString("base64")}`;

/** Refuses a target the private-address rule forbids (targets.ts), with the reason as a 400. */
async function checkTarget(db: DbExecutor, url: string, production: boolean): Promise<void> {
  const allowPrivate = privateTargetsAllowed(await readWebhookSettings(db), production);
  const refusal = await refuseTarget(url, { allowPrivate });
  if (refusal) throw new InvalidError(refusal);
}

function toSubscription(row: SubscriptionRow, last: DeliveryRow | undefined): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failureStreak: row.failureStreak,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          statusCode: last.lastStatusCode,
          at: (last.deliveredAt ?? last.createdAt).toISOString(),
        }
      : null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    messageId: row.messageId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastResponse: row.lastResponse,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each subscription's newest delivery, in one query. */
async function lastDeliveries(db: DbExecutor, ids: string[]): Promise<Map<string, DeliveryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([httpDeliveries.subscriptionId])
    .from(httpDeliveries)
    .where(inArray(httpDeliveries.subscriptionId, ids))
    .orderBy(httpDeliveries.subscriptionId, desc(httpDeliveries.createdAt), desc(httpDeliveries.id));
  return new Map(rows.map((r) => [r.subscriptionId!, r]));
}

async function readRow(db: DbExecutor, id: string): Promise<SubscriptionRow> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!row) throw NotFoundError.of("Webhook");
  return row;
}

export async function listSubscriptions(db: DbExecutor, scope: StaffScope): Promise<WebhookSubscription[]> {
  requireAdminScope(scope);
  const rows = await db.select().from(webhookSubscriptions).orderBy(webhookSubscriptions.createdAt);
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSubscription(r, last.get(r.id)));
}

export async function readSubscription(db: DbExecutor, scope: StaffScope, id: string): Promise<WebhookSubscription> {
  requireAdminScope(scope);
  const row = await readRow(db, id);
  return toSubscription(row, (await lastDeliveries(db, [id])).get(id));
}

export async function createSubscription(
  db: DbExecutor,
  scope: StaffScope,
  input: WebhookSubscriptionCreateInput,
  production: boolean,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  requireAdminScope(scope);
  await checkTarget(db, input.url, production);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({
      url: input.url,
      description: input.description,
      eventTypes: [...new Set(input.eventTypes)],
      secret,
      createdBy: scope.userId,
    })
    .returning();
  return { subscription: toSubscription(row!, undefined), secret };
}

/** An edit; turning a subscription back on clears the streak that turned it off. */
export async function updateSubscription(
  db: DbExecutor,
  scope: StaffScope,
  input: WebhookSubscriptionUpdateInput,
  production: boolean,
): Promise<WebhookSubscription> {
  requireAdminScope(scope);
  const before = await readRow(db, input.id);
  if (input.url !== undefined && input.url !== before.url) await checkTarget(db, input.url, production);
  const [row] = await db
    .update(webhookSubscriptions)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
      ...(input.enabled === true ? { enabled: true, disabledReason: null, failureStreak: 0, failingSince: null } : {}),
      ...(input.enabled === false ? { enabled: false, disabledReason: null } : {}),
    })
    .where(eq(webhookSubscriptions.id, input.id))
    .returning();
  return toSubscription(row!, (await lastDeliveries(db, [input.id])).get(input.id));
}

/** Deletes the subscription and its delivery log (the queue's rows cascade). */
export async function deleteSubscription(db: DbExecutor, scope: StaffScope, id: string): Promise<void> {
  requireAdminScope(scope);
  const deleted = await db
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  if (deleted.length === 0) throw NotFoundError.of("Webhook");
}

/** A new secret, shown once; deliveries not yet sent are signed with it. */
export async function rotateSecret(
  db: DbExecutor,
  scope: StaffScope,
  id: string,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  requireAdminScope(scope);
  await readRow(db, id);
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ secret })
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  return { subscription: toSubscription(row!, (await lastDeliveries(db, [id])).get(id)), secret };
}

/** Queues a `webhook.test` event to this subscription alone, signed as the real ones are. */
export async function sendTestEvent(db: DbExecutor, scope: StaffScope, id: string): Promise<WebhookDelivery> {
  requireAdminScope(scope);
  const sub = await readRow(db, id);
  if (!sub.enabled) throw new ConflictError("Turn the webhook on to send it a test event");
  const [row] = await db
    .insert(httpDeliveries)
    .values({
      kind: "webhook",
      url: sub.url,
      subscriptionId: sub.id,
      eventType: "webhook.test",
      messageId: newMessageId(),
      body: {
        type: "webhook.test",
        timestamp: new Date().toISOString(),
        data: { message: "A test event from Northwind IT: the signature verifies with your secret." },
      },
    })
    .returning();
  return toDelivery(row!);
}

/** A subscription's delivery log, newest first, a page at a time (keyset on the time-ordered id). */
export async function listDeliveries(
  db: DbExecutor,
  scope: StaffScope,
  input: { id: string; cursor?: string; limit: number },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  requireAdminScope(scope);
  await readRow(db, input.id);
  const rows = await db
    .select()
    .from(httpDeliveries)
    .where(
      and(eq(httpDeliveries.subscriptionId, input.id), input.cursor ? lt(httpDeliveries.id, input.cursor) : undefined),
    )
    .orderBy(desc(httpDeliveries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return { deliveries: page.map(toDelivery), nextCursor: rows.length > input.limit ? page.at(-1)!.id : null };
}

/**
 * Sends a finished delivery again: a new row in the log with the same body and the same webhook-id, so
 * a receiver that did get it the first time can tell it is the same event.
 */
export async function resendDelivery(db: DbExecutor, scope: StaffScope, deliveryId: string): Promise<WebhookDelivery> {
  requireAdminScope(scope);
  const [old] = await db
    .select()
    .from(httpDeliveries)
    .where(and(eq(httpDeliveries.id, deliveryId), sql`${httpDeliveries.subscriptionId} is not null`));
  if (!old) throw NotFoundError.of("Delivery");
  if (old.status === "pending" || old.status === "sending" || old.status === "failed")
    throw new ConflictError("This delivery is still being tried; wait for it to finish before sending it again");
  const sub = await readRow(db, old.subscriptionId!);
  const [row] = await db
    .insert(httpDeliveries)
    .values({
      kind: old.kind,
      url: sub.url,
      body: old.body,
      subscriptionId: old.subscriptionId,
      ruleId: old.ruleId,
      eventType: old.eventType,
      ticketId: old.ticketId,
      messageId: old.messageId,
    })
    .returning();
  return toDelivery(row!);
}
