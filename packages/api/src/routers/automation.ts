// Automation rules (docs/features.md §15): an ADMIN's alone, since a rule acts on every company's tickets.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  automationDryRunInputSchema,
  automationDryRunSchema,
  automationRuleEnableSchema,
  automationRuleInputSchema,
  automationRuleMoveSchema,
  automationRuleSchema,
  automationRunSchema,
  automationRunsInputSchema,
  automationRuleUpdateSchema,
  listSchema,
} from "@repo/validators";
import { z } from "zod";
import { dryRunRule } from "../automation/dry-run.js";
import {
  createRule,
  deleteRule,
  listRules,
  moveRule,
  ruleRuns,
  setRuleEnabled,
  updateRule,
} from "../automation/rules.js";
import { adminProcedure, rest } from "../trpc.js";

const tags = ["Automation"];
const rulesList = listSchema("rules", automationRuleSchema);

export const automationRouter = {
  rules: adminProcedure
    .meta(rest("GET", "/automation/rules", tags, "Automation rules in order (admin)"))
    .output(rulesList)
    .query(async ({ ctx }) => ({ rules: await listRules(ctx.db, ctx.scope) })),

  create: adminProcedure
    .meta(rest("POST", "/automation/rules", tags, "Create an automation rule, last in order (admin)"))
    .input(automationRuleInputSchema)
    .output(automationRuleSchema)
    .mutation(({ ctx, input }) => createRule(ctx.db, ctx.scope, input)),

  update: adminProcedure
    .meta(rest("PUT", "/automation/rules/{id}", tags, "Replace an automation rule (admin)"))
    .input(automationRuleUpdateSchema)
    .output(automationRuleSchema)
    .mutation(({ ctx, input: { id, ...rule } }) => updateRule(ctx.db, ctx.scope, id, rule)),

  setEnabled: adminProcedure
    .meta(rest("PUT", "/automation/rules/{id}/enabled", tags, "Turn an automation rule on or off (admin)"))
    .input(automationRuleEnableSchema)
    .output(automationRuleSchema)
    .mutation(({ ctx, input }) => setRuleEnabled(ctx.db, ctx.scope, input.id, input.enabled)),

  move: adminProcedure
    .meta(rest("POST", "/automation/rules/{id}/move", tags, "Move an automation rule up or down (admin)"))
    .input(automationRuleMoveSchema)
    .output(rulesList)
    .mutation(async ({ ctx, input }) => ({ rules: await moveRule(ctx.db, ctx.scope, input.id, input.direction) })),

  delete: adminProcedure
    .meta(rest("DELETE", "/automation/rules/{id}", tags, "Delete an automation rule and its run log (admin)"))
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteRule(ctx.db, ctx.scope, input.id);
      return { deleted: true as const };
    }),

  dryRun: adminProcedure
    .meta(rest("POST", "/automation/dry-run", tags, "What a rule would do to the last 100 tickets (admin)"))
    .input(automationDryRunInputSchema)
    .output(automationDryRunSchema)
    .mutation(({ ctx, input }) =>
      dryRunRule(ctx.db, ctx.scope, input.id !== undefined ? { id: input.id } : { rule: input.rule! }),
    ),

  runs: adminProcedure
    .meta(rest("GET", "/automation/rules/{ruleId}/runs", tags, "An automation rule's run log (admin)"))
    .input(automationRunsInputSchema)
    .output(listSchema("runs", automationRunSchema))
    .query(async ({ ctx, input }) => ({ runs: await ruleRuns(ctx.db, ctx.scope, input.ruleId) })),
} satisfies TRPCRouterRecord;
