// Service incidents (docs/features.md §18): an ADMIN keeps the managed services; ADMIN and AGENT declare
// incidents, post updates and link tickets; a VIEWER reads. A client reads only the services its company
// depends on and the incidents that affect it. The rules live in incidents/.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  incidentDeclareInputSchema,
  incidentSchema,
  incidentTicketInputSchema,
  incidentTicketSuggestionSchema,
  incidentUpdateInputSchema,
  incidentUpdateResultSchema,
  managedServiceFieldsSchema,
  managedServiceSchema,
  managedServiceUpdateInputSchema,
  statusSubscribeInputSchema,
  statusTokenInputSchema,
  successSchema,
} from "@repo/validators";
import {
  declareIncident,
  getIncident,
  linkTicket,
  listIncidents,
  listOpenIncidents,
  suggestedTickets,
  unlinkTicket,
} from "../incidents/incidents.js";
import { postIncidentUpdate } from "../incidents/notify.js";
import { createService, deleteService, getService, listServices, updateService } from "../incidents/services.js";
import { confirmSubscription, subscribe, unsubscribe } from "../incidents/subscriptions.js";
import {
  adminProcedure,
  byId,
  clientOrStaffQuery,
  publicProcedure,
  rest,
  staffProcedure,
  staffQuery,
} from "../trpc.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["incidents"];
const serviceWrite = adminProcedure.output(managedServiceSchema);
const incidentWrite = staffProcedure.output(incidentSchema);
const open = z.object({ open: z.stringbool().optional() }).optional();

export const incidentsRouter = {
  services: clientOrStaffQuery(
    rest("GET", "/services", tags, "Managed services and their state (a client: its company's only)"),
    noInput,
    z.array(managedServiceSchema),
    (db, scope) => listServices(db, scope),
  ),

  service: clientOrStaffQuery(
    rest("GET", "/services/{id}", tags, "A managed service"),
    idInput,
    managedServiceSchema,
    byId(getService),
  ),

  createService: serviceWrite
    .meta(rest("POST", "/services", tags, "Add a managed service"))
    .input(managedServiceFieldsSchema)
    .mutation(({ ctx, input }) => createService(ctx.db, ctx.scope, input)),

  updateService: serviceWrite
    .meta(rest("PATCH", "/services/{id}", tags, "Change a managed service or the companies that depend on it"))
    .input(managedServiceUpdateInputSchema)
    .mutation(({ ctx, input: { id, ...patch } }) => updateService(ctx.db, ctx.scope, id, patch)),

  deleteService: adminProcedure
    .meta(rest("DELETE", "/services/{id}", tags, "Remove a managed service"))
    .input(idInput)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteService(ctx.db, ctx.scope, input.id);
      return { success: true as const };
    }),

  list: clientOrStaffQuery(
    rest("GET", "/incidents", tags, "Incidents and maintenance windows, newest first (a client: its company's)"),
    open,
    z.array(incidentSchema),
    (db, scope, input) => (input?.open ? listOpenIncidents(db, scope) : listIncidents(db, scope)),
  ),

  get: clientOrStaffQuery(
    rest("GET", "/incidents/{id}", tags, "An incident with its updates"),
    idInput,
    incidentSchema,
    byId(getIncident),
  ),

  declare: incidentWrite
    .meta(rest("POST", "/incidents", tags, "Declare an incident or schedule a maintenance window"))
    .input(incidentDeclareInputSchema)
    .mutation(({ ctx, input }) => declareIncident(ctx.db, ctx.scope, input)),

  update: staffProcedure
    .meta(rest("POST", "/incidents/{id}/updates", tags, "Post an update, optionally telling the linked tickets"))
    .input(incidentUpdateInputSchema)
    .output(incidentUpdateResultSchema)
    .mutation(({ ctx, input }) =>
      postIncidentUpdate(ctx, ctx.scope, { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role }, input),
    ),

  suggestedTickets: staffQuery(
    rest("GET", "/incidents/{id}/suggested-tickets", tags, "Open tickets of affected companies not linked yet"),
    idInput,
    z.array(incidentTicketSuggestionSchema),
    byId(suggestedTickets),
  ),

  linkTicket: incidentWrite
    .meta(rest("PUT", "/incidents/{id}/tickets/{ticketId}", tags, "Link a ticket to an incident"))
    .input(incidentTicketInputSchema)
    .mutation(({ ctx, input }) => linkTicket(ctx.db, ctx.scope, input.id, input.ticketId)),

  unlinkTicket: incidentWrite
    .meta(rest("DELETE", "/incidents/{id}/tickets/{ticketId}", tags, "Unlink a ticket from an incident"))
    .input(incidentTicketInputSchema)
    .mutation(({ ctx, input }) => unlinkTicket(ctx.db, ctx.scope, input.id, input.ticketId)),

  // The status page's mail (no session): double opt-in, then one-click unsubscribe.
  subscribe: publicProcedure
    .meta(
      rest("POST", "/status/subscriptions", tags, "Ask for status mail; a confirmation link is sent", {
        protect: false,
      }),
    )
    .input(statusSubscribeInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await subscribe(ctx.db, input.email, ctx.ip);
      return { success: true as const };
    }),

  confirmSubscription: publicProcedure
    .meta(rest("POST", "/status/subscriptions/confirm", tags, "Confirm a status mail subscription", { protect: false }))
    .input(statusTokenInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await confirmSubscription(ctx.db, input.token);
      return { success: true as const };
    }),

  unsubscribe: publicProcedure
    .meta(rest("POST", "/status/subscriptions/unsubscribe", tags, "End a status mail subscription", { protect: false }))
    .input(statusTokenInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await unsubscribe(ctx.db, input.token);
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
