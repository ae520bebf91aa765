// The reports page's range in the address (?from=&to=, Toronto days), so a report can be shared and Back
// returns to the previous range. Read by the route before the page's code loads: no zod.
export interface ReportSearch {
  from?: string;
  to?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Keeps a well-formed date and drops anything else; the server still checks the range (at most 366 days). */
export function parseReportSearch(raw: Record<string, unknown>): ReportSearch {
  const search: ReportSearch = {};
  if (typeof raw.from === "string" && DATE.test(raw.from)) search.from = raw.from;
  if (typeof raw.to === "string" && DATE.test(raw.to)) search.to = raw.to;
  return search;
}

const DAY_MS = 86_400_000;

/** The range of the last `days` days up to `today` (YYYY-MM-DD), both included. */
export function lastDays(today: string, days: number): Required<ReportSearch> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to: today };
}
