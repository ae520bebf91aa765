// The timesheet's week in the address (/time?week=YYYY-MM-DD, any day of it), so a reminder's link opens
// that week and Back returns to the week before. Read by the route before the page's code loads: no zod.
export interface TimeSearch {
  week?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Keeps a well-formed date and drops anything else (the page then shows this week). */
export function parseTimeSearch(raw: Record<string, unknown>): TimeSearch {
  return typeof raw.week === "string" && DATE.test(raw.week) && !Number.isNaN(Date.parse(raw.week))
    ? { week: raw.week }
    : {};
}
