// Outbound webhooks (docs/features.md §14): the events a subscription may ask for, the HTTP delivery
// queue's kinds and states, and the admin procedures' inputs.
import { z } from "zod";

/** The events a subscription can ask for (docs/features.md §14 lists what each carries). */
export const WEBHOOK_EVENT_TYPES = [
  "ticket.created",
  "ticket.updated",
  "comment.created",
  "sla.at_risk",
  "sla.breached",
  "device.stale",
  "invoice.approved",
  "invoice.paid",
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Who asked for an HTTP delivery: a webhook subscription, or an automation rule's action. */
export const HTTP_DELIVERY_KINDS = ["webhook", "teams", "slack", "rule-webhook"] as const;
export type HttpDeliveryKind = (typeof HTTP_DELIVERY_KINDS)[number];

/**
 * pending: waiting for its (next) try; sending: claimed by a worker (a lease); delivered: a 2xx came back;
 * failed: the last try failed and another is due; dead: no more tries (an admin may resend it).
 */
export const HTTP_DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed", "dead"] as const;
export type HttpDeliveryStatus = (typeof HTTP_DELIVERY_STATUSES)[number];

/** The admin's settings for webhooks (the switch on /settings/webhooks). */
export const webhookSettingsSchema = z.object({
  /**
   * Whether targets on loopback, private, link-local or unique-local addresses are allowed. null: the
   * default, allowed outside production only (docs/decisions/0047-outbound-webhooks.md).
   */
  allowPrivateTargets: z.boolean().nullable(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;
export const WEBHOOK_SETTINGS_DEFAULTS: WebhookSettings = { allowPrivateTargets: null };

const url = () =>
  z
    .string()
    .trim()
    .min(1, "URL is required")
    .max(2000, "The URL is too long")
    .refine((v) => /^https?:\/\//i.test(v), "Only http and https URLs can receive webhooks");
const eventTypes = () =>
  z.array(webhookEventTypeSchema).min(1, "Choose at least one event").max(WEBHOOK_EVENT_TYPES.length);

export const webhookSubscriptionCreateSchema = z.object({
  url: url(),
  description: z.string().trim().max(200, "The description is too long").default(""),
  eventTypes: eventTypes(),
});
export type WebhookSubscriptionCreateInput = z.infer<typeof webhookSubscriptionCreateSchema>;

export const webhookSubscriptionUpdateSchema = z.object({
  id: z.uuid("Webhook not found"),
  url: url().optional(),
  description: z.string().trim().max(200, "The description is too long").optional(),
  eventTypes: eventTypes().optional(),
  enabled: z.boolean().optional(),
});
export type WebhookSubscriptionUpdateInput = z.infer<typeof webhookSubscriptionUpdateSchema>;

export const webhookIdSchema = z.object({ id: z.uuid("Webhook not found") });

/** A subscription as the admins see it: never its secret, which is shown once (create, rotate). */
export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failureStreak: z.number().int(),
  createdAt: z.string(),
  lastDelivery: z
    .object({ status: z.enum(HTTP_DELIVERY_STATUSES), statusCode: z.number().int().nullable(), at: z.string() })
    .nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** The answer to create and rotate: the subscription and its secret, the one time it is shown. */
export const webhookWithSecretSchema = z.object({ subscription: webhookSubscriptionSchema, secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  messageId: z.string(),
  status: z.enum(HTTP_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesInputSchema = z.object({
  id: z.uuid("Webhook not found"),
  /** The id of the last delivery of the page before (newest first). */
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const webhookDeliveriesPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export const webhookResendSchema = z.object({ deliveryId: z.uuid("Delivery not found") });
