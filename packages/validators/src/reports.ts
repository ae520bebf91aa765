// The periods the metrics and the reports cover.
import { z } from "zod";
import { TICKET_STATUSES, ticketPrioritySchema } from "./enums.js";
import { DATE_YEARS, isSaneDate } from "./text.js";
import { isoDate, quantity, quantityPer } from "./wire.js";

/** "7d": the last 7 days (Toronto), today included. */
export const metricsRangeSchema = z
  .string()
  .regex(/^([1-9]|[1-8]\d|90)d$/, "Range must be a number of days from 1d to 90d, such as 7d")
  .default("7d");

/** How long a report may span: a year and a day, so "the same day last year" fits. */
export const REPORT_MAX_DAYS = 366;

const reportDay = (what: string) =>
  z
    .string()
    // abort: a text that is no date at all gets that one message, not also "must be a real date".
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${what} must be a date such as 2026-11-01`, abort: true })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), {
      message: `${what} must be a real date`,
      abort: true,
    })
    .refine(isSaneDate, `${what} must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

/** A report's days, in Toronto, both included; without them, the last 30 days up to today. */
export const reportRangeQuerySchema = z
  .object({ from: reportDay("From").optional(), to: reportDay("To").optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: "From must not be after To" })
  .refine((r) => !r.from || !r.to || (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `A report spans at most ${REPORT_MAX_DAYS} days`,
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

const bucketsSchema = z.array(z.object({ bucket: z.string(), tickets: quantity() }));

const satisfactionRowSchema = z.object({
  good: quantity(),
  bad: quantity(),
  total: quantity(),
  /** Share of good ratings, one decimal; null without ratings. */
  percentGood: z.number().nullable(),
});

/** The reports page's figures over a range of days. */
export const reportSchema = z.object({
  from: isoDate(),
  to: isoDate(),
  /** One entry per Toronto day of the range, oldest first. */
  daily: z.array(z.object({ day: isoDate(), opened: quantity(), resolved: quantity() })),
  /** Per priority, of the tickets opened in the range whose outcome is known: targets met, and the share. */
  slaAttainment: z.array(
    z.object({
      priority: ticketPrioritySchema,
      responseKnown: quantity(),
      responseMet: quantity(),
      responsePercent: z.number().nullable(),
      resolutionKnown: quantity(),
      resolutionMet: quantity(),
      resolutionPercent: z.number().nullable(),
    }),
  ),
  /** Time from opening to the first answer, of the tickets opened in the range. */
  firstResponse: bucketsSchema,
  /** Time from opening to resolution, of the tickets opened in the range. */
  resolution: bucketsSchema,
  /** The open tickets now, by age. */
  backlogByAge: bucketsSchema,
  /** Tickets opened in the range per client, most first (the top 20). */
  volumeByClient: z.array(z.object({ clientId: z.string(), name: z.string(), opened: quantity() })),
  /** Satisfaction ratings given in the range: overall, per agent credited and per client, most rated first. */
  satisfaction: z.object({
    overall: satisfactionRowSchema,
    byAgent: z.array(satisfactionRowSchema.extend({ agentId: z.string().nullable(), name: z.string() })),
    byClient: z.array(satisfactionRowSchema.extend({ clientId: z.string(), name: z.string() })),
  }),
  /** The devices named by the most tickets opened in the range, most first (the top 10). */
  topDevices: z.array(
    z.object({ deviceId: z.string(), label: z.string(), clientName: z.string(), tickets: quantity() }),
  ),
});

/** A metrics call's `range` parameter. */
export const metricsRangeQuerySchema = z.object({ range: metricsRangeSchema });

/** The staff dashboard's SLA overview. */
export const metricsOverviewSchema = z.object({
  /** Every status, zero included. */
  statusCounts: quantityPer(TICKET_STATUSES),
  /** Open tickets whose resolution due time has passed. */
  overdue: quantity(),
  /** Open, running tickets due before the end of today (Toronto), not overdue. */
  dueToday: quantity(),
  /** Open tickets not overdue with 75% or more of a target used. */
  slaAtRisk: quantity(),
  /** One entry per Toronto day of the range, oldest first. */
  trend: z.array(z.object({ day: isoDate(), created: quantity(), resolved: quantity() })),
});

/** "Get a quote" clicks per service: the range's totals and each day's. */
export const ctaClickCountsSchema = z.object({
  totals: z.array(z.object({ service: z.string(), count: z.number() })),
  days: z.array(z.object({ day: isoDate(), service: z.string(), count: z.number() })),
});
