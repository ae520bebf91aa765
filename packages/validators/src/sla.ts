// The SLA policy an admin edits (docs/architecture.md §9): targets per priority, the business-hours calendar
// with its holidays, and the at-risk threshold. The staff form and PUT /api/sla/policy parse the same
// schema, so each rule and its message exist once.
import { z } from "zod";
import { ticketPrioritySchema, TICKET_PRIORITIES } from "./enums.js";
import { SLA_AT_RISK_PERCENT, MAX_LENGTHS } from "./constants.js";
import { text } from "./text.js";
import { listSchema } from "./paging.js";
import { basedOnVersion, isoTimestamp, rowVersion } from "./wire.js";

/** A longest target: a year of working time, far beyond any real promise, short of overflowing a date. */
export const SLA_MAX_TARGET_MINUTES = 365 * 24 * 60;
export const SLA_MAX_HOLIDAYS = 200;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const CALENDAR_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `zone` names a time zone of the IANA database this runtime ships (Node's ICU, the browser's). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "09:30" as minutes past midnight. */
export const minutesOfTime = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes past midnight as "09:30". */
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const isRealDate = (value: string) => {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value;
};

const target = (what: string) =>
  z
    .number({ error: `${what} target is required` })
    .int(`${what} target must be a whole number of minutes`)
    .positive(`${what} target must be more than 0 minutes`)
    .max(SLA_MAX_TARGET_MINUTES, `${what} target must be at most ${SLA_MAX_TARGET_MINUTES} minutes`);

export const slaTargetSchema = z
  .object({
    priority: ticketPrioritySchema,
    firstResponseMinutes: target("Response"),
    resolutionMinutes: target("Resolution"),
    /** false: the clock runs around the clock; true: on the business-hours calendar. */
    businessHours: z.boolean(),
  })
  // A ticket is answered before (or when) it is resolved, so a resolution target shorter than the
  // response target could never be met after the response and would re-time every open ticket wrongly.
  .refine((t) => t.resolutionMinutes >= t.firstResponseMinutes, {
    path: ["resolutionMinutes"],
    message: "Resolution target must be at least the response target",
  });
export type SlaTarget = z.infer<typeof slaTargetSchema>;

export const slaHolidaySchema = z.object({
  date: z.string().refine(isRealDate, "Holiday date must be a date (YYYY-MM-DD)"),
  name: text(MAX_LENGTHS.short).trim().min(1, "Holiday name is required"),
});
export type SlaHoliday = z.infer<typeof slaHolidaySchema>;

/**
 * The day each holiday is observed on: a holiday on a working day is that day; one on a day off moves to
 * the next working day that is neither a holiday nor already observed, as Ontario observes them
 * (Christmas 2027 on a Saturday is observed on Monday the 27th, Boxing Day on the Sunday on Tuesday the
 * 28th). `workDays`: 0 = Sunday ... 6 = Saturday. Answers holiday date -> observed date, both YYYY-MM-DD.
 */
export function observedHolidays(dates: readonly string[], workDays: readonly number[]): Map<string, string> {
  const working = new Set(workDays);
  const observed = new Map<string, string>();
  if (working.size === 0) return observed;
  const sorted = [...new Set(dates)].sort();
  const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  const taken = new Set(sorted.filter((date) => working.has(weekdayOf(date))));
  for (const date of sorted) {
    let day = date;
    while (!working.has(weekdayOf(day)) || (day !== date && taken.has(day))) {
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    taken.add(day);
    observed.set(date, day);
  }
  return observed;
}

export const slaCalendarSchema = z
  .object({
    timeZone: z.string().refine(isTimeZone, "Time zone must be an IANA time zone, such as America/Toronto"),
    /** 0 = Sunday ... 6 = Saturday. */
    workDays: z
      .array(z.number().int().min(0).max(6), { error: "Working days are required" })
      .min(1, "Pick at least one working day")
      .max(7)
      .refine((days) => new Set(days).size === days.length, "A working day is listed twice"),
    openTime: z.string().regex(TIME_OF_DAY, "Opening time must be a time (HH:MM)"),
    closeTime: z.string().regex(TIME_OF_DAY, "Closing time must be a time (HH:MM)"),
    holidays: z.array(slaHolidaySchema).max(SLA_MAX_HOLIDAYS, `At most ${SLA_MAX_HOLIDAYS} holidays`),
  })
  .superRefine((calendar, ctx) => {
    if (
      TIME_OF_DAY.test(calendar.openTime) &&
      TIME_OF_DAY.test(calendar.closeTime) &&
      minutesOfTime(calendar.closeTime) <= minutesOfTime(calendar.openTime)
    ) {
      ctx.addIssue({ code: "custom", path: ["closeTime"], message: "Closing time must be after opening time" });
    }
    const seen = new Set<string>();
    calendar.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.date)) {
        ctx.addIssue({
          code: "custom",
          path: ["holidays", index, "date"],
          message: `Holiday ${holiday.date} is listed twice`,
        });
      }
      seen.add(holiday.date);
    });
  });
export type SlaCalendarSettings = z.infer<typeof slaCalendarSchema>;

const atRiskRange = `At-risk threshold must be between ${SLA_AT_RISK_PERCENT.min} and ${SLA_AT_RISK_PERCENT.max} percent`;

/** One target for each priority: a plan's promise (docs/decisions/0034-named-sla-plans.md). */
export const slaTargetsSchema = z
  .array(slaTargetSchema)
  .length(TICKET_PRIORITIES.length, "Give targets for every priority")
  .refine(
    (targets) => TICKET_PRIORITIES.every((p) => targets.some((t) => t.priority === p)),
    "Give targets for every priority",
  );

/** PUT /api/sla/policy: the default plan's targets and the calendar every plan shares. */
export const slaPolicySchema = z.object({
  targets: slaTargetsSchema,
  calendar: slaCalendarSchema,
  atRiskPercent: z
    .number({ error: "At-risk threshold is required" })
    .int("At-risk threshold must be a whole percentage")
    .min(SLA_AT_RISK_PERCENT.min, atRiskRange)
    .max(SLA_AT_RISK_PERCENT.max, atRiskRange),
  /** The version the change was based on; none: the last save wins. */
  version: basedOnVersion(),
});
export type SlaPolicySettings = z.infer<typeof slaPolicySchema>;

/** What GET /api/sla/policy answers: the policy, and who changed it last. */
export const slaPolicyViewSchema = slaPolicySchema.extend({
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  /** The policy's version (its calendar row's): every save moves it (docs/architecture.md §8a). */
  version: rowVersion(),
});
export type SlaPolicyView = z.infer<typeof slaPolicyViewSchema>;

/**
 * Named SLA plans (docs/decisions/0034-named-sla-plans.md): each holds targets per priority, each company
 * follows one (the default plan when none is chosen), and all share the one calendar above.
 */
export const slaPlanNameSchema = text(MAX_LENGTHS.short).trim().min(1, "Plan name is required");

export const slaPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The plan of every company without one of its own; it can be renamed, never deleted. */
  isDefault: z.boolean(),
  targets: z.array(slaTargetSchema),
  /** The companies that chose this plan; on the default plan, also every company that chose none. */
  clientIds: z.array(z.string()),
  updatedAt: isoTimestamp(),
  version: rowVersion(),
});
export type SlaPlan = z.infer<typeof slaPlanSchema>;

export const slaPlanListSchema = listSchema("plans", slaPlanSchema);
export type SlaPlanList = z.infer<typeof slaPlanListSchema>;

/** POST /api/sla/plans: without targets, the new plan starts from the default plan's. */
export const slaPlanCreateInputSchema = z.object({
  name: slaPlanNameSchema,
  targets: slaTargetsSchema.optional(),
});
export type SlaPlanCreateInput = z.infer<typeof slaPlanCreateInputSchema>;

/** PUT /api/sla/plans/{id}: rename it and set its targets; its companies' open tickets are re-timed. */
export const slaPlanUpdateInputSchema = z.object({
  id: z.string(),
  name: slaPlanNameSchema,
  targets: slaTargetsSchema,
  version: basedOnVersion(),
});
export type SlaPlanUpdateInput = z.infer<typeof slaPlanUpdateInputSchema>;

/**
 * DELETE /api/sla/plans/{id}: refused while a company follows the plan, unless `moveCompanies=true`
 * moves them to the default plan first.
 */
export const slaPlanDeleteInputSchema = z.object({
  id: z.string(),
  moveCompanies: z.stringbool({ error: "moveCompanies must be true or false" }).optional(),
});
export type SlaPlanDeleteInput = z.infer<typeof slaPlanDeleteInputSchema>;

/** PUT /api/sla/companies/{clientId}/plan: the plan a company's tickets are timed by. */
export const companySlaPlanSchema = z.object({ clientId: z.string(), planId: z.string() });
export type CompanySlaPlan = z.infer<typeof companySlaPlanSchema>;

/** One SLA target's standing on a ticket (GET /api/sla/tickets/{id}). */
export const slaTargetStandingSchema = z.object({
  dueAt: z.string().nullable(),
  /** running / paused: open; met / breached: done (answered or resolved), judged against dueAt. */
  state: z.enum(["running", "paused", "met", "breached"]),
  /** Working time left at `at` on the ticket's calendar; negative when overdue. Null once done. */
  remainingMs: z.number().nullable(),
  doneAt: z.string().nullable(),
  targetMinutes: z.number(),
});
export type SlaTargetStanding = z.infer<typeof slaTargetStandingSchema>;

export const ticketSlaSchema = z.object({
  /** The server's clock when this was computed: the countdown runs from here. */
  at: z.string(),
  /** Until when the ticket's clock keeps running from `at` (the day's closing); null: it is not running. */
  runningUntil: z.string().nullable(),
  calendar: z.object({ kind: z.enum(["24x7", "business"]), description: z.string() }),
  /** Working time the clock has stood still (waiting on the customer, on hold), the current stop included. */
  pausedMs: z.number(),
  pausedSince: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  response: slaTargetStandingSchema,
  resolution: slaTargetStandingSchema,
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;
