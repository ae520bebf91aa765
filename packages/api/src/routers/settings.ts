// Run-time settings an admin changes (beyond the spec): the security policy, device check-in, the
// knowledge base's review period, the mail settings (SMTP server and From address).
import type { TRPCRouterRecord } from "@trpc/server";
import {
  checkinSettingsSchema,
  knowledgeSettingsSchema,
  mailSettingsSchema,
  mailSettingsViewSchema,
  securitySettingsSchema,
} from "@repo/validators";
import { readCheckinSettings, writeCheckinSettings } from "../settings/checkin.js";
import { readKnowledgeSettings, writeKnowledgeSettings } from "../settings/knowledge.js";
import { changeMailSettings, mailSettingsView } from "../settings/mail.js";
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

  /** Device check-in's thresholds and switches (docs/features.md §12). */
  checkin: adminProcedure
    .meta(rest("GET", "/settings/checkin", tags, "Device check-in settings (admin)"))
    .output(checkinSettingsSchema)
    .query(({ ctx }) => readCheckinSettings(ctx.db)),

  updateCheckin: adminProcedure
    .meta(rest("PUT", "/settings/checkin", tags, "Change the device check-in settings (admin)"))
    .input(checkinSettingsSchema)
    .output(checkinSettingsSchema)
    .mutation(({ ctx, input }) => writeCheckinSettings(ctx.db, input, ctx.user.id)),

  /** After how many months an article's review is due (docs/features.md §17). */
  knowledge: adminProcedure
    .meta(rest("GET", "/settings/knowledge", tags, "Knowledge base settings (admin)"))
    .output(knowledgeSettingsSchema)
    .query(({ ctx }) => readKnowledgeSettings(ctx.db)),

  updateKnowledge: adminProcedure
    .meta(rest("PUT", "/settings/knowledge", tags, "Change the knowledge base settings (admin)"))
    .input(knowledgeSettingsSchema)
    .output(knowledgeSettingsSchema)
    .mutation(({ ctx, input }) => writeKnowledgeSettings(ctx.db, input, ctx.user.id)),

  /** The SMTP server and From address the first run stored; the SMTP_URL variable wins over the server. */
  mail: adminProcedure
    .meta(rest("GET", "/settings/mail", tags, "Mail settings: SMTP server and From address (admin)"))
    .output(mailSettingsViewSchema)
    .query(({ ctx }) => mailSettingsView(ctx.db, ctx.config)),

  updateMail: adminProcedure
    .meta(rest("PUT", "/settings/mail", tags, "Change the mail settings (admin)"))
    .input(mailSettingsSchema)
    .output(mailSettingsViewSchema)
    .mutation(({ ctx, input }) => changeMailSettings(ctx.db, ctx.config, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
