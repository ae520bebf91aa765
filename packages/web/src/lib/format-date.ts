// How the portals write dates and times, always in the reader's own time zone. The client portal and the
// device inventory follow the reader's locale; the staff screens follow Canada's conventions (en-CA), the
// provider's own. Hence two date-time functions, so that no screen changes what it shows.
const DATE_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

const readerDateTime = new Intl.DateTimeFormat(undefined, DATE_TIME);
const readerDate = new Intl.DateTimeFormat(undefined);
const staffDateTime = new Intl.DateTimeFormat("en-CA", DATE_TIME);

/** Client portal: an ISO timestamp from the API in the reader's own locale ("Nov 20, 2026, 2:00 PM" in en-US). */
export function formatDateTime(iso: string): string {
  return readerDateTime.format(new Date(iso));
}

/** Staff screens: an ISO timestamp the Canadian way ("Nov 20, 2026, 2:00 p.m."), "—" when there is none. */
export function formatStaffDateTime(iso: string | null | undefined): string {
  return iso ? staffDateTime.format(new Date(iso)) : "—";
}

/** A date from the API (YYYY-MM-DD or a timestamp) in the reader's locale; a bare date is never shifted a day. */
export function formatDate(value: string | null): string {
  if (!value) return "—";
  return readerDate.format(new Date(value.length === 10 ? `${value}T12:00:00` : value));
}
