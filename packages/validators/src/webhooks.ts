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
