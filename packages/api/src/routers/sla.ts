// The SLA policy editor's calls and a ticket's SLA standing (docs/architecture.md §9 and §18). Every staff
// role reads them, a VIEWER included; only an ADMIN changes the policy; a client reaches none of them.
import type { TRPCRouterRecord } from "@trpc/server";
import { slaPolicySchema, slaPolicyViewSchema, ticketSlaSchema } from "@repo/validators";
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
            { id: ctx.user.id, name: ctx.user.name },
          ),
        () => readPolicySettings(ctx.db),
      ),
    ),

  ticket: staffQuery(
    rest("GET", "/sla/tickets/{id}", tags, "A ticket's SLA standing: due times, time left, pauses"),
    idInput,
    ticketSlaSchema,
    byId(ticketSla),
  ),
} satisfies TRPCRouterRecord;
