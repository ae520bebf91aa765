// The periods the metrics and the reports cover.
import { z } from "zod";
import { DATE_YEARS, isSaneDate } from "./text.js";

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
