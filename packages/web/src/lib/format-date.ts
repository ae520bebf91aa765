// The portals' dates and times: the provider's one formatter (@repo/content's datetime.ts, Toronto time in
// en-CA for every reader), with a dash where the API has no time to give.
import { formatDateTime, formatDay } from "@repo/content";

export { formatDateTime, formatRelative } from "@repo/content";

/** An exact timestamp with its zone ("Nov 20, 2026, 9:00 a.m. EST"), "—" when there is none. */
export function formatExact(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso, { zone: true }) : "—";
}

/** A date (YYYY-MM-DD, never shifted a day, or a timestamp's day in Toronto), "—" when there is none. */
export function formatDate(value: string | null): string {
  return value ? formatDay(value) : "—";
}
