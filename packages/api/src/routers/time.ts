// Time on tickets (docs/features.md §10): work types, entries, the running timer, weekly timesheets,
// drafts from the day's work, the time settings, the reminder of a short day, and what a client sees of
// its own time.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  deletedSchema,
  successSchema,
  timeDraftAcceptInputSchema,
  timeDraftDayInputSchema,
  timeDraftDaySchema,
  timeDraftRefSchema,
  timeEntryCreateInputSchema,
  timeEntryListInputSchema,
  timeEntryListSchema,
  timeEntrySchema,
  timeEntryUpdateInputSchema,
  timerStartInputSchema,
  timerStartSchema,
  timerStateSchema,
  timerStopSchema,
  timesheetDecisionInputSchema,
  timesheetInputSchema,
  timesheetReasonInputSchema,
  timesheetSchema,
  timeSettingsSchema,
  timeRangeInputSchema,
  timeReminderDismissInputSchema,
  timeReminderSchema,
  timeReportSchema,
  workTypeCreateInputSchema,
  workTypeSchema,
  workTypeUpdateInputSchema,
} from "@repo/validators";
import { clientMonthSummary, clientTicketTime } from "../time/client-time.js";
import { acceptDraft, discardDraft, draftsForDay } from "../time/drafts.js";
import { createEntry, deleteEntry, listEntries, updateEntry } from "../time/entries.js";
import { dismissTimeReminder, readTimeReminder } from "../time/reminders.js";
import { timeReport } from "../time/reports.js";
import { readTimeSettings, writeTimeSettings } from "../time/settings.js";
import { discardTimer, readTimer, startTimer, stopTimer } from "../time/timer.js";
import {
  approveTimesheet,
  readTimesheet,
  returnTimesheet,
  reverseApproval,
  submitTimesheet,
} from "../time/timesheets.js";
import { createWorkType, deleteWorkType, listWorkTypes, updateWorkType } from "../time/work-types.js";
import { adminProcedure, clientProcedure, rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["time"];

/** A week named by person and Monday; `me` is the caller. */
const weekOf = (user: { id: string }, input: { userId: string; weekStart: string }) => ({
  userId: input.userId === "me" ? user.id : input.userId,
  weekStart: input.weekStart,
});
const weekPath = "/time/timesheets/{userId}/{weekStart}";

export const timeRouter = {
  workTypes: staffProcedure
    .meta(rest("GET", "/time/work-types", tags, "Work types (rates only for those who may see money)"))
    .output(z.array(workTypeSchema))
    .query(({ ctx }) => listWorkTypes(ctx.db, ctx.user)),
  createWorkType: adminProcedure
    .meta(rest("POST", "/time/work-types", tags, "Add a work type (admin)"))
    .input(workTypeCreateInputSchema)
    .output(workTypeSchema)
    .mutation(({ ctx, input }) => createWorkType(ctx.db, input)),
  updateWorkType: adminProcedure
    .meta(rest("PATCH", "/time/work-types/{id}", tags, "Rename, re-rate or archive a work type (admin)"))
    .input(workTypeUpdateInputSchema)
    .output(workTypeSchema)
    .mutation(({ ctx, input }) => updateWorkType(ctx.db, input)),
  deleteWorkType: adminProcedure
    .meta(rest("DELETE", "/time/work-types/{id}", tags, "Delete an unused work type; a used one is archived"))
    .input(idInput)
    .output(z.object({ archived: z.boolean() }))
    .mutation(({ ctx, input }) => deleteWorkType(ctx.db, input.id)),

  entries: staffProcedure
    .meta(rest("GET", "/time/entries", tags, "Time entries: yours, anyone's on a ticket, or all (admin, viewer)"))
    .input(timeEntryListInputSchema)
    .output(timeEntryListSchema)
    .query(({ ctx, input }) => listEntries(ctx.db, ctx.user, input)),
  createEntry: staffProcedure
    .meta(rest("POST", "/time/entries", tags, "Record your time"))
    .input(timeEntryCreateInputSchema)
    .output(timeEntrySchema)
    .mutation(({ ctx, input }) => createEntry(ctx.db, ctx.user, input)),
  updateEntry: staffProcedure
    .meta(rest("PATCH", "/time/entries/{id}", tags, "Change a time entry not yet approved or submitted"))
    .input(timeEntryUpdateInputSchema)
    .output(timeEntrySchema)
    .mutation(({ ctx, input }) => updateEntry(ctx.db, ctx.user, input)),
  deleteEntry: staffProcedure
    .meta(rest("DELETE", "/time/entries/{id}", tags, "Delete a time entry not yet approved or submitted"))
    .input(idInput)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteEntry(ctx.db, ctx.user, input.id);
      return { success: true as const, id: input.id };
    }),

  timer: staffProcedure
    .meta(rest("GET", "/time/timer", tags, "Your running timer, if any"))
    .output(timerStateSchema)
    .query(({ ctx }) => readTimer(ctx.db, ctx.user.id)),
  startTimer: staffProcedure
    .meta(rest("POST", "/time/timer", tags, "Start your timer; a running one is stopped and recorded"))
    .input(timerStartInputSchema)
    .output(timerStartSchema)
    .mutation(({ ctx, input }) => startTimer(ctx.db, ctx.user, input)),
  stopTimer: staffProcedure
    .meta(rest("POST", "/time/timer/stop", tags, "Stop your timer and record its time"))
    .output(timerStopSchema)
    .mutation(({ ctx }) => stopTimer(ctx.db, ctx.user)),
  discardTimer: staffProcedure
    .meta(rest("DELETE", "/time/timer", tags, "Throw your running timer away unrecorded"))
    .output(successSchema)
    .mutation(async ({ ctx }) => {
      await discardTimer(ctx.db, ctx.user.id);
      return { success: true as const };
    }),

  timesheet: staffProcedure
    .meta(rest("GET", weekPath, tags, "A person's week (Monday to Sunday): a grid of days by ticket and work type"))
    .input(timesheetInputSchema)
    .output(timesheetSchema)
    .query(({ ctx, input }) => readTimesheet(ctx.db, ctx.user, weekOf(ctx.user, input))),
  submitTimesheet: staffProcedure
    .meta(rest("POST", `${weekPath}/submit`, tags, "Submit your week for approval: it locks"))
    .input(timesheetInputSchema)
    .output(timesheetSchema)
    .mutation(({ ctx, input }) => submitTimesheet(ctx.db, ctx.user, weekOf(ctx.user, input))),
  approveTimesheet: adminProcedure
    .meta(rest("POST", `${weekPath}/approve`, tags, "Approve a submitted week (admin)"))
    .input(timesheetDecisionInputSchema)
    .output(timesheetSchema)
    .mutation(({ ctx, input }) => approveTimesheet(ctx.db, ctx.user, weekOf(ctx.user, input), input.comment)),
  returnTimesheet: adminProcedure
    .meta(rest("POST", `${weekPath}/return`, tags, "Return a submitted week with a comment (admin)"))
    .input(timesheetReasonInputSchema)
    .output(timesheetSchema)
    .mutation(({ ctx, input }) => returnTimesheet(ctx.db, ctx.user, weekOf(ctx.user, input), input.comment)),
  reverseApproval: adminProcedure
    .meta(rest("POST", `${weekPath}/reverse`, tags, "Reverse an approval with a reason (admin, audited)"))
    .input(timesheetReasonInputSchema)
    .output(timesheetSchema)
    .mutation(({ ctx, input }) => reverseApproval(ctx.db, ctx.user, weekOf(ctx.user, input), input.comment)),

  drafts: staffProcedure
    .meta(rest("GET", "/time/drafts", tags, "Your drafts of time entries for a day (Toronto), from your activity"))
    .input(timeDraftDayInputSchema)
    .output(timeDraftDaySchema)
    .query(({ ctx, input }) => draftsForDay(ctx.db, ctx.user.id, input.date)),
  acceptDraft: staffProcedure
    .meta(rest("POST", "/time/drafts/accept", tags, "Record a draft as a time entry, once"))
    .input(timeDraftAcceptInputSchema)
    .output(timeEntrySchema)
    .mutation(({ ctx, input }) => acceptDraft(ctx.db, ctx.user, input)),
  discardDraft: staffProcedure
    .meta(rest("POST", "/time/drafts/discard", tags, "Discard a draft: its minutes are not offered again"))
    .input(timeDraftRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await discardDraft(ctx.db, ctx.user.id, input);
      return { success: true as const };
    }),

  report: staffProcedure
    .meta(
      rest(
        "GET",
        "/time/report",
        tags,
        "Utilisation, hours per client and month, per work type, unapproved (admin, viewer)",
      ),
    )
    .input(timeRangeInputSchema)
    .output(timeReportSchema)
    .query(({ ctx, input }) => timeReport(ctx.db, ctx.user, input)),

  settings: staffProcedure
    .meta(rest("GET", "/time/settings", tags, "The time settings"))
    .output(timeSettingsSchema)
    .query(({ ctx }) => readTimeSettings(ctx.db)),
  updateSettings: adminProcedure
    .meta(rest("PUT", "/time/settings", tags, "Change the time settings (admin)"))
    .input(timeSettingsSchema)
    .output(timeSettingsSchema)
    .mutation(({ ctx, input }) => writeTimeSettings(ctx.db, input, ctx.user.id)),

  reminder: staffProcedure
    .meta(rest("GET", "/time/reminder", tags, "Your reminder of a short working day, until dismissed or made up"))
    .output(timeReminderSchema)
    .query(({ ctx }) => readTimeReminder(ctx.db, ctx.user.id)),
  dismissReminder: staffProcedure
    .meta(rest("POST", "/time/reminder/dismiss", tags, "Close your reminder of a day"))
    .input(timeReminderDismissInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await dismissTimeReminder(ctx.db, ctx.user.id, input.date);
      return { success: true as const };
    }),

  clientTicketTime: clientProcedure
    .meta(rest("GET", "/client/tickets/{id}/time", tags, "The billable time on your ticket, if your company shows it"))
    .input(idInput)
    .output(
      z.object({
        shown: z.boolean(),
        billableMinutes: z.number().int(),
        entries: z.array(
          z.object({ date: z.string(), minutes: z.number().int(), workTypeName: z.string(), note: z.string() }),
        ),
      }),
    )
    .query(({ ctx, input }) => clientTicketTime(ctx.db, ctx.scope, input.id)),
  clientMonth: clientProcedure
    .meta(rest("GET", "/client/time", tags, "Your company's billable hours of a month by ticket, if shown"))
    .input(z.object({ month: z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, "Month must be YYYY-MM") }))
    .output(
      z.object({
        shown: z.boolean(),
        month: z.string(),
        totalMinutes: z.number().int(),
        tickets: z.array(
          z.object({
            ticketId: z.string().nullable(),
            ticketReference: z.string().nullable(),
            ticketTitle: z.string().nullable(),
            minutes: z.number().int(),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => clientMonthSummary(ctx.db, ctx.scope, input.month)),
} satisfies TRPCRouterRecord;
