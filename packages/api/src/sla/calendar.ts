// Working-time calendars for the SLA clock (docs/architecture.md, "SLA"): around the clock (P1), and business hours
// Mon-Fri 09:00-17:00 in the provider's time zone (site.timeZone). Pure functions over instants; also
// the one place that says which calendar day an instant is for the provider ("today in Toronto").
//
// The zone maths uses Intl.DateTimeFormat (the IANA database that ships with Node) rather than a date
// library: the clock needs only two operations (which local day an instant falls on, and the instant of
// a local wall time), both a few lines over Intl, and a dependency would be more code to trust than that.
import { site } from "@repo/content";

export const BUSINESS_ZONE = site.timeZone;
export const BUSINESS_OPEN_MINUTES = 9 * 60;
export const BUSINESS_CLOSE_MINUTES = 17 * 60;

const MINUTE = 60_000;
const DAY = 86_400_000;
const BUSINESS_DAY_MS = (BUSINESS_CLOSE_MINUTES - BUSINESS_OPEN_MINUTES) * MINUTE;
const BUSINESS_WEEK_MS = 5 * BUSINESS_DAY_MS;

/** Working time: how much of [from, to) counts, and the instant `ms` of working time after `start`. */
export interface SlaCalendar {
  readonly kind: "24x7" | "business";
  between(from: Date, to: Date): number;
  add(start: Date, ms: number): Date;
}

export const aroundTheClock: SlaCalendar = {
  kind: "24x7",
  between: (from, to) => Math.max(0, to.getTime() - from.getTime()),
  add: (start, ms) => new Date(start.getTime() + ms),
};

// ---- Zone maths over Intl ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in ms (Toronto: -5 h in winter, -4 h in summer). */
export function zoneOffset(instant: number, zone = BUSINESS_ZONE): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The local calendar day of an instant, as days since 1970-01-01. */
export function localDay(instant: number, zone = BUSINESS_ZONE): number {
  return Math.floor((instant + zoneOffset(instant, zone)) / DAY);
}

/** The instant at which the wall clock of `zone` shows `minutes` past midnight on local day `day`. */
export function localTime(day: number, minutes: number, zone = BUSINESS_ZONE): number {
  const wall = day * DAY + minutes * MINUTE;
  const first = wall - zoneOffset(wall, zone);
  const second = wall - zoneOffset(first, zone);
  return second;
}

/** 0 = Sunday ... 6 = Saturday; day 0 (1970-01-01) was a Thursday. */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;
const isWorkday = (day: number) => weekday(day) >= 1 && weekday(day) <= 5;

function workdaysIn(fromDay: number, toDay: number): number {
  if (toDay < fromDay) return 0;
  const span = toDay - fromDay + 1;
  let count = Math.floor(span / 7) * 5;
  for (let d = fromDay + Math.floor(span / 7) * 7; d <= toDay; d++) if (isWorkday(d)) count++;
  return count;
}

// ---- Business hours ----

/**
 * Mon-Fri 09:00-17:00 in `zone`. Every workday holds exactly 8 working hours even on the days clocks
 * change, since the change happens at 02:00, outside working hours.
 */
export function businessHoursCalendar(zone = BUSINESS_ZONE): SlaCalendar {
  const open = (day: number) => localTime(day, BUSINESS_OPEN_MINUTES, zone);
  const close = (day: number) => localTime(day, BUSINESS_CLOSE_MINUTES, zone);
  const overlap = (day: number, from: number, to: number) =>
    isWorkday(day) ? Math.max(0, Math.min(to, close(day)) - Math.max(from, open(day))) : 0;

  return {
    kind: "business",
    between(fromDate, toDate) {
      const from = fromDate.getTime();
      const to = toDate.getTime();
      if (to <= from) return 0;
      const firstDay = localDay(from, zone);
      const lastDay = localDay(to, zone);
      if (firstDay === lastDay) return overlap(firstDay, from, to);
      return (
        overlap(firstDay, from, to) +
        workdaysIn(firstDay + 1, lastDay - 1) * BUSINESS_DAY_MS +
        overlap(lastDay, from, to)
      );
    },
    add(startDate, ms) {
      let cursor = startDate.getTime();
      let remaining = Math.max(0, ms);
      if (remaining === 0) return new Date(cursor);
      let day = localDay(cursor, zone);
      for (;;) {
        // From before a day's opening, a whole week ahead holds exactly one business week.
        if (remaining > 2 * BUSINESS_WEEK_MS && cursor <= open(day)) {
          const weeks = Math.floor(remaining / BUSINESS_WEEK_MS) - 1;
          day += weeks * 7;
          remaining -= weeks * BUSINESS_WEEK_MS;
          cursor = localTime(day, 0, zone);
        }
        if (isWorkday(day)) {
          const start = Math.max(cursor, open(day));
          const available = close(day) - start;
          if (available >= remaining) return new Date(start + remaining);
          if (available > 0) remaining -= available;
        }
        day += 1;
        cursor = localTime(day, 0, zone);
      }
    },
  };
}

export const businessHours = businessHoursCalendar();

/** The end of the local day of `now` in Toronto (the next local midnight), for "due today". */
export function endOfLocalDay(now: Date, zone = BUSINESS_ZONE): Date {
  return new Date(localTime(localDay(now.getTime(), zone) + 1, 0, zone));
}

/** The local calendar date (YYYY-MM-DD) of an instant in Toronto. */
export function localDate(instant: Date, zone = BUSINESS_ZONE): string {
  return new Date(localDay(instant.getTime(), zone) * DAY).toISOString().slice(0, 10);
}

/** The local calendar date (YYYY-MM-DD) `days` days after the one `instant` falls on (before, if negative). */
export function localDateAfter(instant: Date, days: number, zone = BUSINESS_ZONE): string {
  return new Date((localDay(instant.getTime(), zone) + days) * DAY).toISOString().slice(0, 10);
}
