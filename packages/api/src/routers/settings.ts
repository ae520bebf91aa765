// Run-time settings an admin changes (beyond the spec): the security policy.
import type { TRPCRouterRecord } from "@trpc/server";
import { securitySettingsSchema } from "@repo/validators";
import { readSecuritySettings, writeSecuritySettings } from "../settings/security.js";
import { adminProcedure, rest } from "../trpc.js";

const tags = ["settings"];

export const settingsRouter = {
  security: adminProcedure
    .meta(rest("GET", "/settings/security", tags, "The security policy (admin)"))
    .output(securitySettingsSchema)
    .query(({ ctx }) => readSecuritySettings(ctx.db)),

  updateSecurity: adminProcedure
    .meta(rest("PUT", "/settings/security", tags, "Change the security policy (admin)"))
    .input(securitySettingsSchema)
    .output(securitySettingsSchema)
    .mutation(({ ctx, input }) => writeSecuritySettings(ctx.db, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
