// The SLA policy editor's calls, its named plans, and a ticket's SLA standing (docs/architecture.md §9 and
// §18, docs/decisions/0034-named-sla-plans.md). Every staff role reads them, a VIEWER included; only an
// ADMIN changes the policy or a plan; a client reaches none of them. /sla/policy is the default plan's
// targets with the shared calendar, as it was before plans.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  companySlaPlanSchema,
  deletedSchema,
  slaPlanCreateInputSchema,
  slaPlanDeleteInputSchema,
  slaPlanListSchema,
  slaPlanSchema,
  slaPlanUpdateInputSchema,
  slaPolicySchema,
  slaPolicyViewSchema,
  ticketSlaSchema,
} from "@repo/validators";
import { createPlan, deletePlan, listPlans, readPlan, setCompanyPlan, updatePlan } from "../sla/plans.js";
import { savePolicySettings } from "../sla/policy-service.js";
import { readPolicySettings } from "../sla/policies.js";
import { ticketSla } from "../sla/standing.js";
import { adminProcedure, rest, staffQuery, staffRead, byId } from "../trpc.js";
import { idInput } from "./inputs.js";
import { expectedVersion, versionedWrite } from "./versions.js";

const tags = ["sla"];

export const slaRouter = {
  policy: staffRead(
    rest("GET", "/sla/policy", tags, "The SLA policy: targets, business-hours calendar, holidays"),
    slaPolicyViewSchema,
    (db) => readPolicySettings(db),
  ),

  updatePolicy: adminProcedure
    .meta(rest("PUT", "/sla/policy", tags, "Change the SLA policy; open tickets' due times move (admin)"))
    .input(slaPolicySchema)
    .output(slaPolicyViewSchema)
    .mutation(({ ctx, input }) =>
      versionedWrite(
        () =>
          savePolicySettings(
            ctx,
            { ...input, version: expectedVersion(ctx.headers, input.version) },
            actorOf(ctx.user),
          ),
        () => readPolicySettings(ctx.db),
      ),
    ),

  plans: staffRead(
    rest("GET", "/sla/plans", tags, "The SLA plans: targets per priority and the companies on each"),
    slaPlanListSchema,
    (db) => listPlans(db),
  ),

  plan: staffQuery(rest("GET", "/sla/plans/{id}", tags, "One SLA plan"), idInput, slaPlanSchema, (db, _scope, input) =>
    readPlan(db, input.id),
  ),

  createPlan: adminProcedure
    .meta(rest("POST", "/sla/plans", tags, "Add an SLA plan; without targets it copies the default plan's (admin)"))
    .input(slaPlanCreateInputSchema)
    .output(slaPlanSchema)
    .mutation(({ ctx, input }) => createPlan(ctx.db, input, actorOf(ctx.user))),

  updatePlan: adminProcedure
    .meta(rest("PUT", "/sla/plans/{id}", tags, "Rename an SLA plan and set its targets; its open tickets move (admin)"))
    .input(slaPlanUpdateInputSchema)
    .output(slaPlanSchema)
    .mutation(({ ctx, input }) =>
      versionedWrite(
        () => updatePlan(ctx, { ...input, version: expectedVersion(ctx.headers, input.version) }, actorOf(ctx.user)),
        () => readPlan(ctx.db, input.id),
      ),
    ),

  deletePlan: adminProcedure
    .meta(
      rest(
        "DELETE",
        "/sla/plans/{id}",
        tags,
        "Delete an SLA plan no company follows, or move them to the default (admin)",
      ),
    )
    .input(slaPlanDeleteInputSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deletePlan(ctx, input, actorOf(ctx.user))),

  setCompanyPlan: adminProcedure
    .meta(
      rest("PUT", "/sla/companies/{clientId}/plan", tags, "Choose a company's SLA plan; its open tickets move (admin)"),
    )
    .input(companySlaPlanSchema)
    .output(companySlaPlanSchema)
    .mutation(({ ctx, input }) => setCompanyPlan(ctx, input, actorOf(ctx.user))),

  ticket: staffQuery(
    rest("GET", "/sla/tickets/{id}", tags, "A ticket's SLA standing: due times, time left, pauses"),
    idInput,
    ticketSlaSchema,
    byId(ticketSla),
  ),
} satisfies TRPCRouterRecord;

const actorOf = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });
