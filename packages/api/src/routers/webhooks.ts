// Outbound webhooks (docs/features.md §14): an admin's subscriptions, their delivery log and resend, and
// the private-targets setting. REST under /webhooks.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  webhookDeliveriesInputSchema,
  webhookDeliveriesPageSchema,
  webhookDeliverySchema,
  webhookIdSchema,
  webhookResendSchema,
  webhookSettingsSchema,
  webhookSubscriptionCreateSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionUpdateSchema,
  webhookWithSecretSchema,
} from "@repo/validators";
import { readWebhookSettings, writeWebhookSettings } from "../settings/webhooks.js";
import {
  createSubscription,
  deleteSubscription,
  listDeliveries,
  listSubscriptions,
  readSubscription,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateSubscription,
} from "../webhooks/subscriptions.js";
import { adminProcedure, rest } from "../trpc.js";

const tags = ["webhooks"];
const isProduction = (ctx: { config: { NODE_ENV: string } }) => ctx.config.NODE_ENV === "production";

export const webhooksRouter = {
  list: adminProcedure
    .meta(rest("GET", "/webhooks", tags, "Webhook subscriptions (admin)"))
    .output(z.object({ subscriptions: z.array(webhookSubscriptionSchema) }))
    .query(async ({ ctx }) => ({ subscriptions: await listSubscriptions(ctx.db, ctx.scope) })),

  get: adminProcedure
    .meta(rest("GET", "/webhooks/{id}", tags, "A webhook subscription (admin)"))
    .input(webhookIdSchema)
    .output(webhookSubscriptionSchema)
    .query(({ ctx, input }) => readSubscription(ctx.db, ctx.scope, input.id)),

  create: adminProcedure
    .meta(rest("POST", "/webhooks", tags, "Subscribe a URL to events; the answer holds its secret, once (admin)"))
    .input(webhookSubscriptionCreateSchema)
    .output(webhookWithSecretSchema)
    .mutation(({ ctx, input }) => createSubscription(ctx.db, ctx.scope, input, isProduction(ctx))),

  update: adminProcedure
    .meta(rest("PATCH", "/webhooks/{id}", tags, "Change, turn on or turn off a webhook subscription (admin)"))
    .input(webhookSubscriptionUpdateSchema)
    .output(webhookSubscriptionSchema)
    .mutation(({ ctx, input }) => updateSubscription(ctx.db, ctx.scope, input, isProduction(ctx))),

  delete: adminProcedure
    .meta(rest("DELETE", "/webhooks/{id}", tags, "Delete a webhook subscription and its log (admin)"))
    .input(webhookIdSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSubscription(ctx.db, ctx.scope, input.id);
      return { ok: true as const };
    }),

  rotateSecret: adminProcedure
    .meta(rest("POST", "/webhooks/{id}/secret", tags, "A new signing secret, shown once (admin)"))
    .input(webhookIdSchema)
    .output(webhookWithSecretSchema)
    .mutation(({ ctx, input }) => rotateSecret(ctx.db, ctx.scope, input.id)),

  test: adminProcedure
    .meta(rest("POST", "/webhooks/{id}/test", tags, "Send a signed webhook.test event (admin)"))
    .input(webhookIdSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.db, ctx.scope, input.id)),

  deliveries: adminProcedure
    .meta(rest("GET", "/webhooks/{id}/deliveries", tags, "A subscription's delivery log, newest first (admin)"))
    .input(webhookDeliveriesInputSchema)
    .output(webhookDeliveriesPageSchema)
    .query(({ ctx, input }) => listDeliveries(ctx.db, ctx.scope, input)),

  resend: adminProcedure
    .meta(
      rest("POST", "/webhook-deliveries/{deliveryId}/resend", tags, "Send a delivery again, same webhook-id (admin)"),
    )
    .input(webhookResendSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => resendDelivery(ctx.db, ctx.scope, input.deliveryId)),

  settings: adminProcedure
    .meta(rest("GET", "/settings/webhooks", tags, "Webhook settings (admin)"))
    .output(webhookSettingsSchema)
    .query(({ ctx }) => readWebhookSettings(ctx.db)),

  updateSettings: adminProcedure
    .meta(rest("PUT", "/settings/webhooks", tags, "Change the webhook settings (admin)"))
    .input(webhookSettingsSchema)
    .output(webhookSettingsSchema)
    .mutation(({ ctx, input }) => writeWebhookSettings(ctx.db, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
