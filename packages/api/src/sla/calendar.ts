// Working-time calendars for the SLA clock (docs/architecture.md, "SLA"): around the clock (P1), and business hours
// as an admin sets them (working days, opening and closing, a zone, holidays; Mon-Fri 09:00-17:00 in the
// provider's time zone until then). Pure functions over instants; also
// the one place that says which calendar day an instant is for the provider ("today in Toronto").
//
// The zone maths uses Intl.DateTimeFormat (the IANA database that ships with Node) rather than a date
// library: the clock needs only two operations (which local day an instant falls on, and the instant of
// a local wall time), both a few lines over Intl, and a dependency would be more code to trust than that.
import { site } from "@repo/content";
import { observedHolidays } from "@repo/validators";

export const BUSINESS_ZONE: string = site.timeZone;
export const BUSINESS_OPEN_MINUTES = 9 * 60;
export const BUSINESS_CLOSE_MINUTES = 17 * 60;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Working time: how much of [from, to) counts, and the instant `ms` of working time after `start`. */
export interface SlaCalendar {
  readonly kind: "24x7" | "business";
  between(from: Date, to: Date): number;
  add(start: Date, ms: number): Date;
  /** When the working stretch `at` falls in ends; null when `at` is outside working time. */
  workingUntil(at: Date): Date | null;
  /** The calendar in words, for staff: "Mon-Fri 9:00-17:00 America/Toronto, holidays excluded". */
  readonly description: string;
}

export const aroundTheClock: SlaCalendar = {
  kind: "24x7",
  between: (from, to) => Math.max(0, to.getTime() - from.getTime()),
  add: (start, ms) => new Date(start.getTime() + ms),
  workingUntil: () => new Date(8.64e15),
  description: "24x7",
};

/** A business-hours calendar as stored (docs/architecture.md §9): the sla_calendar row's shape. */
export interface BusinessHours {
  timeZone: string;
  /** 0 = Sunday ... 6 = Saturday. */
  workDays: readonly number[];
  openMinutes: number;
  closeMinutes: number;
  /** YYYY-MM-DD local dates on which no working time counts. */
  holidays: readonly { date: string }[];
}

/** Mon-Fri 09:00-17:00 in the provider's zone, no holidays: the calendar before an admin sets one. */
export const STANDARD_BUSINESS_HOURS: BusinessHours = {
  timeZone: BUSINESS_ZONE,
  workDays: [1, 2, 3, 4, 5],
  openMinutes: BUSINESS_OPEN_MINUTES,
  closeMinutes: BUSINESS_CLOSE_MINUTES,
  holidays: [],
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

/** The zone's offset from UTC at `instant`, in ms, as Intl tells it (a few microseconds a call). */
function offsetAt(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const HOUR = 3_600_000;
/** Known offsets by zone and UTC hour (hours since 1970), for the hours that hold no change of clocks. */
const hourOffsets = new Map<string, Map<number, number>>();
/** Enough for a dozen years of hours per zone; past it the map starts again rather than grow. */
const HOURS_KEPT = 100_000;

/**
 * The zone's offset from UTC at `instant`, in ms (Toronto: -5 h in winter, -4 h in summer). Remembered by
 * the hour: one SLA due time asks for it dozens of times, and Intl took a third of a ticket write's CPU
 * (docs/architecture.md §9). An hour is remembered only when its first and last second share the offset,
 * so an hour in which the clocks change is asked of Intl every time and stays exact.
 */
export function zoneOffset(instant: number, zone = BUSINESS_ZONE): number {
  const hour = Math.floor(instant / HOUR);
  let known = hourOffsets.get(zone);
  const remembered = known?.get(hour);
  if (remembered !== undefined) return remembered;
  const offset = offsetAt(instant, zone);
  if (offsetAt(hour * HOUR, zone) === offset && offsetAt(hour * HOUR + HOUR - 1000, zone) === offset) {
    if (!known || known.size >= HOURS_KEPT) {
      known = new Map();
      hourOffsets.set(zone, known);
    }
    known.set(hour, offset);
  }
  return offset;
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
const dayOfDate = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const clockTime = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/** "Mon-Fri", "Mon-Wed, Sat": runs of consecutive working days, Monday first. */
function describeDays(workDays: readonly number[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0].filter((d) => workDays.includes(d));
  const runs: number[][] = [];
  for (const d of order) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (run && prev !== undefined && (prev + 1) % 7 === d) run.push(d);
    else runs.push([d]);
  }
  return runs
    .map((r) =>
      r.length > 2 ? `${DAY_NAMES[r[0]!]}-${DAY_NAMES[r[r.length - 1]!]}` : r.map((d) => DAY_NAMES[d]).join(", "),
    )
    .join(", ");
}

// ---- Business hours ----

/**
 * Working time on `hours`: the working days between opening and closing in its zone, holidays left out.
 * A working day holds close - open of working time even on the days clocks change, as long as the change
 * (02:00 in North America) falls outside working hours; the week-long jumps below rely on that.
 */
export function businessHoursCalendar(hours: BusinessHours = STANDARD_BUSINESS_HOURS): SlaCalendar {
  const zone = hours.timeZone;
  const workDays = new Set(hours.workDays);
  // A holiday on a day off is observed on the next working day (validators' observedHolidays).
  const observed = observedHolidays(
    hours.holidays.map((h) => h.date),
    hours.workDays,
  );
  const holidays = [...new Set([...observed.values()].map(dayOfDate))].sort((a, b) => a - b);
  const holidaySet = new Set(holidays);
  const dayMs = (hours.closeMinutes - hours.openMinutes) * MINUTE;
  const weekMs = workDays.size * dayMs;
  const isWorkday = (day: number) => workDays.has(weekday(day)) && !holidaySet.has(day);
  /** Holidays on working days within [fromDay, toDay]. */
  const holidaysIn = (fromDay: number, toDay: number) => holidays.filter((d) => d >= fromDay && d <= toDay).length;
  const workdaysIn = (fromDay: number, toDay: number) => {
    if (toDay < fromDay) return 0;
    const span = toDay - fromDay + 1;
    let count = Math.floor(span / 7) * workDays.size;
    for (let d = fromDay + Math.floor(span / 7) * 7; d <= toDay; d++) if (workDays.has(weekday(d))) count++;
    return count - holidaysIn(fromDay, toDay);
  };
  const open = (day: number) => localTime(day, hours.openMinutes, zone);
  const close = (day: number) => localTime(day, hours.closeMinutes, zone);
  const overlap = (day: number, from: number, to: number) =>
    isWorkday(day) ? Math.max(0, Math.min(to, close(day)) - Math.max(from, open(day))) : 0;
  const holidayNote = holidays.length > 0 ? ", holidays excluded" : "";

  return {
    kind: "business",
    description: `${describeDays(hours.workDays)} ${clockTime(hours.openMinutes)}-${clockTime(hours.closeMinutes)} ${zone}${holidayNote}`,
    between(fromDate, toDate) {
      const from = fromDate.getTime();
      const to = toDate.getTime();
      if (to <= from) return 0;
      const firstDay = localDay(from, zone);
      const lastDay = localDay(to, zone);
      if (firstDay === lastDay) return overlap(firstDay, from, to);
      return overlap(firstDay, from, to) + workdaysIn(firstDay + 1, lastDay - 1) * dayMs + overlap(lastDay, from, to);
    },
    add(startDate, ms) {
      let cursor = startDate.getTime();
      let remaining = Math.max(0, ms);
      if (remaining === 0) return new Date(cursor);
      let day = localDay(cursor, zone);
      for (;;) {
        // From before a day's opening, whole weeks ahead hold a business week each, less their holidays.
        if (remaining > 2 * weekMs && cursor <= open(day)) {
          const weeks = Math.floor(remaining / weekMs) - 1;
          remaining -= weeks * weekMs - holidaysIn(day, day + weeks * 7 - 1) * dayMs;
          day += weeks * 7;
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
    workingUntil(atDate) {
      const at = atDate.getTime();
      const day = localDay(at, zone);
      return isWorkday(day) && at >= open(day) && at < close(day) ? new Date(close(day)) : null;
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
