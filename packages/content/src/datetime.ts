// How every screen, email and assistant answer writes a date or a time: the provider's way (en-CA) in the
// provider's zone (America/Toronto). One zone for everybody, because an SLA due time, a business-hours
// promise and a ticket's history must read the same to the client, the agent and the mail; the zone is
// named ("EST", "EDT") wherever a time stands on its own. Lists say how long ago ("2 h ago") and keep the
// exact time for a tooltip.
import { site } from "./site.js";

const LOCALE = "en-CA";

const DATE_AND_TIME = {
  timeZone: site.timeZone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const;
const dateTime = new Intl.DateTimeFormat(LOCALE, DATE_AND_TIME);
const dateTimeZone = new Intl.DateTimeFormat(LOCALE, { ...DATE_AND_TIME, timeZoneName: "short" });
const zonedDay = new Intl.DateTimeFormat(LOCALE, { timeZone: site.timeZone, dateStyle: "medium" });
const isoDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: site.timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
// A calendar date (a warranty's last day) is no instant: it is written as that day wherever it is read.
const calendarDay = new Intl.DateTimeFormat(LOCALE, { timeZone: "UTC", dateStyle: "medium" });

type Instant = Date | string;

const toDate = (value: Instant) => (typeof value === "string" ? new Date(value) : value);
const isCalendarDate = (value: Instant): value is string => typeof value === "string" && value.length === 10;

/** "Nov 20, 2026, 9:00 a.m." in Toronto; with `zone`, "Nov 20, 2026, 9:00 a.m. EST". */
export function formatDateTime(value: Instant, options: { zone?: boolean } = {}): string {
  return (options.zone ? dateTimeZone : dateTime).format(toDate(value));
}

const clockTime = new Intl.DateTimeFormat(LOCALE, { timeZone: site.timeZone, hour: "numeric", minute: "2-digit" });

/** "9:00 a.m." in Toronto: a time within a day the reader already knows (a timesheet's day). */
export function formatClockTime(value: Instant): string {
  return clockTime.format(toDate(value));
}

/** "Nov 20, 2026": a calendar date (YYYY-MM-DD) as that very day, a timestamp as its day in Toronto. */
export function formatDay(value: Instant): string {
  return isCalendarDate(value) ? calendarDay.format(new Date(`${value}T00:00:00Z`)) : zonedDay.format(toDate(value));
}

const calendarWeekday = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const calendarLong = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/**
 * A calendar date (YYYY-MM-DD) with its weekday, for holidays: "Mon, Dec 27" (`short`) or
 * "Monday, December 27, 2027" (`long`).
 */
export function formatWeekday(date: string, style: "short" | "long" = "short"): string {
  return (style === "long" ? calendarLong : calendarWeekday).format(new Date(`${date}T00:00:00Z`));
}

/** The Toronto calendar day of an instant as YYYY-MM-DD (the reports' range, "today"). */
export function isoDay(value: Instant = new Date()): string {
  return isoDayFormat.format(toDate(value));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, for lists: "just now", "5 min ago", "2 h ago", "3 d ago"; from a week on, the day itself.
 * A time ahead of the reader reads "in 3 h" (a due time), and within a minute either way, "just now", so a
 * device whose clock runs a little behind the server's does not write "in 0 min".
 */
export function formatRelative(value: Instant, now: Date = new Date()): string {
  const diff = now.getTime() - toDate(value).getTime();
  const ahead = diff < 0;
  const span = Math.abs(diff);
  if (span < MINUTE) return "just now";
  if (span >= 7 * DAY) return formatDay(value);
  const amount =
    span < HOUR
      ? `${Math.floor(span / MINUTE)} min`
      : span < DAY
        ? `${Math.floor(span / HOUR)} h`
        : `${Math.floor(span / DAY)} d`;
  return ahead ? `in ${amount}` : `${amount} ago`;
}
