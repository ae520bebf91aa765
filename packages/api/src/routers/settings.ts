// Run-time settings an admin changes (beyond the spec): the security policy.
import type { TRPCRouterRecord } from "@trpc/server";
import { securitySettingsSchema } from "@repo/validators";
import { readSecuritySettings, writeSecuritySettings } from "../settings/security.js";
import { adminProcedure, rest } from "../trpc.js";

const tags = ["settings"];

/** Only an admin reads or changes the security policy, and both calls answer it as it now stands. */
const securityPolicyCall = adminProcedure.output(securitySettingsSchema);

export const settingsRouter = {
  security: securityPolicyCall
    .meta(rest("GET", "/settings/security", tags, "The security policy (admin)"))
    .query(({ ctx }) => readSecuritySettings(ctx.db)),

  updateSecurity: securityPolicyCall
    .meta(rest("PUT", "/settings/security", tags, "Change the security policy (admin)"))
    .input(securitySettingsSchema)
    .mutation(({ ctx, input }) => writeSecuritySettings(ctx.db, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
