// Time on tickets (docs/features.md §10): entries, work types, the running timer and weekly timesheets.
// Time is whole minutes and money integer cents (CAD), always; the one duration parser and the one
// rounding rule live here, for the API and the forms alike.
import { z } from "zod";
import { text } from "./text.js";
import { basedOnVersion, isoDate, isoTimestamp, quantity, rowVersion } from "./wire.js";

/** Whether YYYY-MM-DD names a day of the calendar (not February 30th) in years a business keeps books. */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && year >= 2000 && year < 2100;
}

/** A Toronto calendar day as the API takes it. */
export const calendarDay = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be YYYY-MM-DD")
    .refine(isRealDay, "Date must be a real day");

export const MAX_ENTRY_MINUTES = 24 * 60;
export const TIME_NOTE_MAX = 2000;
export const WORK_TYPE_NAME_MAX = 80;

/** Minutes rounded up to a multiple of `unit`, at least one unit: every rounding of time uses this. */
export function roundUpMinutes(minutes: number, unit: number): number {
  return Math.max(unit, Math.ceil(minutes / unit) * unit);
}

const DURATION_ERROR = "Time spent must be like 25, 1h30 or 1:30";

/**
 * A duration as people type it, in whole minutes: a bare number is minutes (`25`), else `1h30`, `1h 30m`,
 * `1:30`, `90m`, `1.5h`, `2h`. Null when it is none of these. Fractions of an hour round to the minute.
 */
export function parseDuration(input: string): number | null {
  const value = input.trim().toLowerCase().replace(/\s+/g, " ");
  const minutes = value.match(/^(\d{1,4})\s?(m|min|mins|minutes)?$/);
  if (minutes) return Number(minutes[1]);
  const clock = value.match(/^(\d{1,2}):([0-5]\d)$/);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = value.match(/^(\d{1,2})\s?h(?:\s?([0-5]?\d)\s?(m|min|mins)?)?$/);
  if (hours) return Number(hours[1]) * 60 + Number(hours[2] ?? 0);
  const decimal = value.match(/^(\d{0,2}[.,]\d{1,3})\s?h$/);
  if (decimal) return Math.round(Number(decimal[1]!.replace(",", ".")) * 60);
  return null;
}

/** Time spent, typed (`"1h30"`) or counted (`90`): whole minutes from 1 to 24 hours. */
export const durationSchema = z.union([z.number(), z.string()], { error: DURATION_ERROR }).transform((value, ctx) => {
  const minutes = typeof value === "number" ? value : parseDuration(value);
  if (minutes === null || !Number.isInteger(minutes)) {
    ctx.addIssue({ code: "custom", message: DURATION_ERROR });
    return z.NEVER;
  }
  if (minutes < 1) ctx.addIssue({ code: "custom", message: "Time spent must be at least 1 minute" });
  if (minutes > MAX_ENTRY_MINUTES) ctx.addIssue({ code: "custom", message: "Time spent must be at most 24 hours" });
  return minutes;
});

/** The Monday (YYYY-MM-DD) of the Monday-to-Sunday week a calendar day falls in. */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The seven days (YYYY-MM-DD) of the week starting `weekStart`. */
export function weekDays(weekStart: string): string[] {
  const monday = Date.parse(`${weekStart}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, i) => new Date(monday + i * 86_400_000).toISOString().slice(0, 10));
}

export const NOTE_VISIBILITIES = ["internal", "client"] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];
export const TIMESHEET_STATUSES = ["open", "submitted", "approved", "returned"] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

// --- Work types ---

export const workTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultBillable: z.boolean(),
  /** Null where the reader may not see money (an agent, unless the time settings allow it). */
  hourlyRateCents: z.number().int().nullable(),
  archived: z.boolean(),
  sortOrder: z.number().int(),
  version: rowVersion(),
});
export type WorkType = z.infer<typeof workTypeSchema>;

const rateCents = z
  .number({ error: "Rate must be a whole number of cents" })
  .int("Rate must be a whole number of cents")
  .min(0, "Rate cannot be negative")
  .max(10_000_000, "Rate must be at most $100,000.00 an hour");

export const workTypeCreateInputSchema = z.object({
  name: text(WORK_TYPE_NAME_MAX, "Name is required").trim().min(1, "Name is required"),
  defaultBillable: z.boolean(),
  hourlyRateCents: rateCents,
  sortOrder: z.number().int().min(0).max(1000).optional(),
});
export const workTypeUpdateInputSchema = workTypeCreateInputSchema.partial().extend({
  id: z.uuid("Work type not found"),
  archived: z.boolean().optional(),
  version: basedOnVersion(),
});
export type WorkTypeCreateInput = z.infer<typeof workTypeCreateInputSchema>;
export type WorkTypeUpdateInput = z.infer<typeof workTypeUpdateInputSchema>;

// --- Entries ---

export const timeEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  ticketId: z.string().nullable(),
  /** Kept when the ticket is deleted. */
  ticketReference: z.string().nullable(),
  ticketTitle: z.string().nullable(),
  clientId: z.string().nullable(),
  date: isoDate(),
  minutes: quantity(),
  startedAt: isoTimestamp().nullable(),
  endedAt: isoTimestamp().nullable(),
  workTypeId: z.string(),
  workTypeName: z.string(),
  billable: z.boolean(),
  note: z.string(),
  noteVisibility: z.enum(NOTE_VISIBILITIES),
  approved: z.boolean(),
  invoiced: z.boolean(),
  /** Whether the reader may still change it (their own or an admin, and neither the entry nor its week locked). */
  editable: z.boolean(),
  createdAt: isoTimestamp(),
  version: rowVersion(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

const entryFields = {
  ticketId: z.uuid("Ticket not found").nullable().optional(),
  date: calendarDay(),
  minutes: durationSchema,
  workTypeId: z.uuid("Work type not found"),
  /** Default: the work type's. */
  billable: z.boolean().optional(),
  note: text(TIME_NOTE_MAX).optional(),
  noteVisibility: z.enum(NOTE_VISIBILITIES).optional(),
};
export const timeEntryCreateInputSchema = z.object(entryFields);
export const timeEntryUpdateInputSchema = z
  .object(entryFields)
  .partial()
  .extend({ id: z.uuid("Time entry not found"), version: basedOnVersion() });
export type TimeEntryCreateInput = z.infer<typeof timeEntryCreateInputSchema>;
export type TimeEntryUpdateInput = z.infer<typeof timeEntryUpdateInputSchema>;

export const timeEntryListInputSchema = z
  .object({
    userId: z.uuid("User not found").optional(),
    ticketId: z.uuid("Ticket not found").optional(),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "From must not be after To", path: ["to"] });
export const timeEntryListSchema = z.object({ entries: z.array(timeEntrySchema), totalMinutes: quantity() });

/** Time spent recorded with a reply or note (the reply box's "Time spent"). */
export const timeSpentInputSchema = z.object({
  minutes: durationSchema,
  workTypeId: z.uuid("Work type not found").optional(),
});

// --- Timer ---

export const runningTimerSchema = z.object({
  ticketId: z.string().nullable(),
  ticketReference: z.string().nullable(),
  ticketTitle: z.string().nullable(),
  workTypeId: z.string().nullable(),
  startedAt: isoTimestamp(),
});
export const timerStateSchema = z.object({ timer: runningTimerSchema.nullable() });
export const timerStartInputSchema = z.object({
  ticketId: z.uuid("Ticket not found").nullable().optional(),
  workTypeId: z.uuid("Work type not found").optional(),
});
/** What a stop (or a start that stopped another timer) recorded, if anything. */
export const timerStopSchema = z.object({ recorded: timeEntrySchema.nullable() });
export const timerStartSchema = timerStateSchema.extend({ recorded: timeEntrySchema.nullable() });

// --- Timesheets ---

export const timesheetInputSchema = z.object({
  /** A person's id, or `me` for the caller's own week. */
  userId: z.union([z.literal("me"), z.uuid("User not found")], { error: "User not found" }),
  weekStart: calendarDay().refine((day) => weekStartOf(day) === day, "Week must start on a Monday"),
});
export const timesheetRowSchema = z.object({
  ticketId: z.string().nullable(),
  ticketReference: z.string().nullable(),
  ticketTitle: z.string().nullable(),
  workTypeId: z.string(),
  workTypeName: z.string(),
  /** Minutes on each of the week's seven days, Monday first. */
  minutes: z.array(quantity()),
  total: quantity(),
});
export const timesheetSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  weekStart: isoDate(),
  days: z.array(isoDate()),
  status: z.enum(TIMESHEET_STATUSES),
  comment: z.string().nullable(),
  submittedAt: isoTimestamp().nullable(),
  decidedAt: isoTimestamp().nullable(),
  rows: z.array(timesheetRowSchema),
  dayTotals: z.array(quantity()),
  total: quantity(),
  billableTotal: quantity(),
  entries: z.array(timeEntrySchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;
export const timesheetDecisionInputSchema = timesheetInputSchema.extend({
  comment: text(TIME_NOTE_MAX).trim().optional(),
});
export const timesheetReasonInputSchema = timesheetInputSchema.extend({
  comment: text(TIME_NOTE_MAX, "A reason is required").trim().min(1, "A reason is required"),
});

// --- Reports ---

/** A report's range of Toronto days, both included, at most a year. */
export const timeRangeInputSchema = z
  .object({ from: calendarDay(), to: calendarDay() })
  .refine((r) => r.from <= r.to, { message: "From must not be after To", path: ["to"] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 366 * 86_400_000, {
    message: "A range is at most 366 days",
    path: ["to"],
  });

const sums = { totalMinutes: quantity(), billableMinutes: quantity() };
export const timeReportSchema = z.object({
  from: isoDate(),
  to: isoDate(),
  /** Days of the range the SLA calendar works (its work days, less observed holidays). */
  workingDays: quantity(),
  people: z.array(z.object({ userId: z.string(), name: z.string(), ...sums, expectedMinutes: quantity() })),
  clients: z.array(z.object({ clientId: z.string(), name: z.string(), month: z.string(), ...sums })),
  workTypes: z.array(z.object({ workTypeId: z.string(), name: z.string(), ...sums })),
  unapproved: z.object({ totalMinutes: quantity(), entries: quantity() }),
});
export type TimeReport = z.infer<typeof timeReportSchema>;

/** Whole minutes as people read them: "45 min", "1 h", "1 h 30 min" (the portal's and the mails' wording). */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
