// Calendar months as the client's time summary names them (YYYY-MM), in Toronto like every day of time.
import { isoDay } from "@repo/content";

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** The month (YYYY-MM) today falls in, in Toronto. */
export const currentMonth = (): string => isoDay().slice(0, 7);

/** The month `months` after (or before, when negative) `month`. */
export function shiftMonth(month: string, months: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** "November 2026". */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString("en-CA", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The route's search: a valid `month`, or none (the current month). */
export function parseMonthSearch(search: Record<string, unknown>): { month?: string } {
  return typeof search.month === "string" && MONTH.test(search.month) ? { month: search.month } : {};
}
