// Recurring tickets (docs/features.md §16): ADMINs write schedules; every staff role reads them (a VIEWER
// through queries only). The rules of schedules live in recurring/.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  recurrencePreviewSchema,
  recurrenceSchema,
  recurringTicketEnabledInputSchema,
  recurringTicketFieldsSchema,
  recurringTicketRunSchema,
  recurringTicketSchema,
  recurringTicketUpdateInputSchema,
  successSchema,
} from "@repo/validators";
import {
  createRecurringTicket,
  deleteRecurringTicket,
  getRecurringTicket,
  listRecurringTicketRuns,
  listRecurringTickets,
  previewRecurrence,
  setRecurringTicketEnabled,
  updateRecurringTicket,
} from "../recurring/schedules.js";
import { adminProcedure, byId, rest, staffQuery, staffRead } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["recurring tickets"];
const scheduleWrite = adminProcedure.output(recurringTicketSchema);

export const recurringRouter = {
  list: staffRead(
    rest("GET", "/recurring-tickets", tags, "Recurring ticket schedules, by name"),
    z.array(recurringTicketSchema),
    listRecurringTickets,
  ),

  get: staffQuery(
    rest("GET", "/recurring-tickets/{id}", tags, "A recurring ticket schedule"),
    idInput,
    recurringTicketSchema,
    byId(getRecurringTicket),
  ),

  runs: staffQuery(
    rest("GET", "/recurring-tickets/{id}/runs", tags, "A schedule's run log, newest first"),
    idInput,
    z.array(recurringTicketRunSchema),
    byId(listRecurringTicketRuns),
  ),

  preview: staffQuery(
    rest("GET", "/recurrence/preview", tags, "The next five dates of a recurrence rule, without saving it"),
    recurrenceSchema,
    recurrencePreviewSchema,
    (db, _scope, input) => previewRecurrence(db, input),
  ),

  create: scheduleWrite
    .meta(rest("POST", "/recurring-tickets", tags, "Create a recurring ticket schedule"))
    .input(recurringTicketFieldsSchema)
    .mutation(({ ctx, input }) => createRecurringTicket(ctx.db, ctx.scope, input)),

  update: scheduleWrite
    .meta(rest("PATCH", "/recurring-tickets/{id}", tags, "Change a recurring ticket schedule"))
    .input(recurringTicketUpdateInputSchema)
    .mutation(({ ctx, input: { id, ...patch } }) => updateRecurringTicket(ctx.db, ctx.scope, id, patch)),

  setEnabled: scheduleWrite
    .meta(rest("PUT", "/recurring-tickets/{id}/enabled", tags, "Switch a schedule on or off"))
    .input(recurringTicketEnabledInputSchema)
    .mutation(({ ctx, input }) => setRecurringTicketEnabled(ctx.db, ctx.scope, input.id, input.enabled)),

  delete: adminProcedure
    .meta(rest("DELETE", "/recurring-tickets/{id}", tags, "Delete a schedule and its run log"))
    .input(idInput)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteRecurringTicket(ctx.db, ctx.scope, input.id);
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
