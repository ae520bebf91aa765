// Alert intake (docs/features.md §13): monitoring tools post alerts with an alerts:write API key; an admin
// sets how recoveries and floods are handled.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { alertOutcomeSchema, alertSettingsSchema } from "@repo/validators";
import { adminProcedure, publicProcedure, rest } from "../trpc.js";
import { takeAlert } from "../alerts/intake.js";
import { alertSettings } from "../alerts/settings.js";
import { apiKeyActorName, requireApiKey } from "../api-keys/caller.js";

const tags = ["alerts"];

export const alertsRouter = {
  /**
   * Any JSON object: our generic alert, or Uptime Kuma's, Zabbix's or Tactical RMM's payload, told apart by
   * their keys and checked by the domain (alerts/formats.ts), whose messages say what is wrong.
   */
  take: publicProcedure
    .meta(
      rest(
        "POST",
        "/alerts",
        tags,
        "Take in a monitoring alert: generic, Uptime Kuma, Zabbix or Tactical RMM (API key only)",
        { keyScope: "alerts:write" },
      ),
    )
    .input(z.looseObject({}))
    .output(alertOutcomeSchema)
    .mutation(({ ctx, input }) => {
      const key = requireApiKey(ctx.apiKey, ctx.user !== null);
      return takeAlert(ctx, ctx.scope!, { actorName: apiKeyActorName(key), clientId: key.clientId }, input);
    }),

  settings: adminProcedure
    .meta(rest("GET", "/alerts/settings", tags, "How alerts are handled: recoveries and floods (admin)"))
    .output(alertSettingsSchema)
    .query(({ ctx }) => alertSettings.read(ctx.db)),

  updateSettings: adminProcedure
    .meta(rest("PUT", "/alerts/settings", tags, "Change how alerts are handled (admin)"))
    .input(alertSettingsSchema)
    .output(alertSettingsSchema)
    .mutation(({ ctx, input }) => alertSettings.write(ctx.db, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
