// What a schedule's rule means: its dates and its words. rrule reads RFC 5545 but has no sound time zone
// handling of its own (with TZID it answers "UTC dates that represent wall time" and leans on the process's
// zone), so it is only ever given floating wall times: DTSTART's wall time written as if it were UTC, every
// date it answers a wall time too. `wallToInstant` then turns each into the instant that wall clock shows in
// the SLA calendar's zone, and `instantToWall` the other way (docs/decisions/0049-recurring-tickets.md).
import rrulePackage from "rrule";
import type { Options, RRule as RRuleType } from "rrule";
import { RECURRING_PREVIEW_COUNT, type Recurrence, WALL_TIME } from "@repo/validators";
import { InvalidError } from "../errors.js";
import { zoneOffset } from "../sla/calendar.js";

// rrule ships CommonJS for Node: its names come off the default export.
const { RRule } = rrulePackage;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far ahead a rule is searched for its next date: a rule with none within it has none at all. */
const HORIZON_MS = 10 * 366 * DAY;
/** How many of a rule's first dates are checked against "no more often than hourly". */
const DENSITY_SAMPLE = 60;

/** The frequencies a schedule may have: none more often than hourly. */
const FREQUENCIES = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY"];

export const RRULE_EXAMPLE = "FREQ=MONTHLY;BYDAY=2MO (the second Monday of each month)";

/** A checked rule, ready to answer dates. */
export interface Schedule {
  rule: RRuleType;
  /** The rule in words ("every month on the 2nd Monday"), or the rule itself where rrule has no words. */
  text: string;
}

const invalid = (reason: string) => new InvalidError(`${reason}. Example: ${RRULE_EXAMPLE}`);

/** The wall time an instant shows in `zone`, as a floating date (its UTC fields are the wall clock's). */
export const instantToWall = (instant: Date, zone: string): Date =>
  new Date(instant.getTime() + zoneOffset(instant.getTime(), zone));

/**
 * The instant at which `zone`'s wall clock shows `wall` (a floating date). A wall time the clocks skip
 * (02:30 on Toronto's March change) is read with the offset before the gap, so it lands an hour later, as
 * RFC 5545 says; one that happens twice (01:30 in November) is the first of the two.
 */
export function wallToInstant(wall: Date, zone: string): Date {
  const w = wall.getTime();
  const offsets = [zoneOffset(w - DAY, zone), zoneOffset(w + DAY, zone)];
  const fitting = offsets.map((o) => w - o).filter((instant) => zoneOffset(instant, zone) === w - instant);
  if (fitting.length > 0) return new Date(Math.min(...fitting));
  return new Date(w - offsets[0]!);
}

/** "2026-03-09T09:00" as a floating date. */
const floatingOf = (dtstart: string): Date => new Date(`${dtstart}:00Z`);

/** A floating date as a wall time, "2026-03-09T09:00". */
export const wallTimeText = (wall: Date): string => wall.toISOString().slice(0, 16);

/**
 * Reads and checks a schedule's rule: RFC 5545 syntax, a start that is a real date, and no more often
 * than hourly (a ticket a minute is a mistake, not a schedule). Throws a 400 with the reason otherwise.
 */
export function parseRecurrence({ rrule, dtstart }: Recurrence): Schedule {
  // Round-tripped, so that 30 February (which Date rolls into March) is refused too.
  const start = WALL_TIME.test(dtstart) ? floatingOf(dtstart) : null;
  if (!start || Number.isNaN(start.getTime()) || wallTimeText(start) !== dtstart)
    throw new InvalidError("Start must be a date and time like 2026-03-09T09:00");
  const source = normalizeRule(rrule);
  if (/(^|;)(DTSTART|TZID)[=:;]/.test(source) || /\n/.test(source))
    throw invalid("Give the rule's parts only; its start goes in the start field");
  const freq = /(?:^|;)FREQ=([^;]*)/.exec(source)?.[1];
  if (freq === undefined) throw invalid("The schedule needs a FREQ");
  if (!FREQUENCIES.includes(freq))
    throw invalid(
      ["SECONDLY", "MINUTELY"].includes(freq)
        ? "A schedule may run at most once an hour"
        : `FREQ must be one of ${FREQUENCIES.join(", ")}`,
    );
  let options: Partial<Options>;
  try {
    options = RRule.parseString(source);
  } catch (error) {
    throw invalid(`The schedule is not a valid RRULE (${error instanceof Error ? error.message : "unreadable"})`);
  }
  for (const key of ["interval", "count"] as const) {
    const value = options[key];
    if (value !== undefined && value !== null && !(Number.isInteger(value) && value > 0))
      throw invalid(`${key.toUpperCase()} must be a whole number above 0`);
  }
  refuseRulesThatNeverRun(source, options);
  let rule: RRuleType;
  try {
    rule = new RRule({ ...options, dtstart: floatingOf(dtstart), tzid: null });
    // Building the first dates surfaces the errors rrule only finds while iterating (a bad BYDAY).
    rule.all((_, i) => i < DENSITY_SAMPLE);
  } catch (error) {
    throw invalid(`The schedule is not a valid RRULE (${error instanceof Error ? error.message : "unreadable"})`);
  }
  const first = rule.all((_, i) => i < DENSITY_SAMPLE);
  for (let i = 1; i < first.length; i++) {
    if (first[i]!.getTime() - first[i - 1]!.getTime() < HOUR) throw invalid("A schedule may run at most once an hour");
  }
  return { rule, text: ruleText(rule, source) };
}

/** The most days each month can have (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const asList = (value: number | number[] | null | undefined): number[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * rrule searches a rule that never yields a date all the way to the year 9999, step by step (some 40 s
 * for a daily rule on 30 February), so the rules that can never run, or only rarely, are refused before
 * rrule iterates: parts nobody needs for tickets, a day of the month no chosen month has, and BYSETPOS
 * on the small steps where it picks from sets of one.
 */
function refuseRulesThatNeverRun(source: string, options: Partial<Options>): void {
  const unsupported = /(?:^|;)(BYYEARDAY|BYWEEKNO|BYEASTER|BYSECOND)=/.exec(source)?.[1];
  if (unsupported) throw invalid(`${unsupported} is not supported in a schedule`);
  const days = asList(options.bymonthday);
  if (days.some((d) => !Number.isInteger(d) || d === 0 || Math.abs(d) > 31))
    throw invalid("BYMONTHDAY must be a day from 1 to 31 (or -1 to -31 from the end)");
  const months = asList(options.bymonth);
  if (months.some((m) => !Number.isInteger(m) || m < 1 || m > 12))
    throw invalid("BYMONTH must be a month from 1 to 12");
  if (days.length > 0) {
    const fits = (months.length ? months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).some((m) =>
      days.some((d) => Math.abs(d) <= MONTH_DAYS[m - 1]!),
    );
    if (!fits) throw invalid("No chosen month has that day, so the schedule would never run");
  }
  if (options.bysetpos !== undefined && options.bysetpos !== null && (options.freq ?? 0) > RRule.WEEKLY)
    throw invalid("BYSETPOS needs FREQ=WEEKLY, MONTHLY or YEARLY");
}

/** The rule as stored: upper case, without an "RRULE:" prefix or spaces. */
export const normalizeRule = (rrule: string): string =>
  rrule
    .trim()
    .replace(/^RRULE:/i, "")
    .replace(/\s+/g, "")
    .toUpperCase();

function ruleText(rule: RRuleType, source: string): string {
  try {
    return rule.isFullyConvertibleToText() ? rule.toText() : source;
  } catch {
    return source;
  }
}

/** The first date after `instant` (or at it, with `inclusive`), as an instant; null when there is none. */
export function nextOccurrence(schedule: Schedule, instant: Date, zone: string, inclusive = false): Date | null {
  return occurrencesAfter(schedule, instant, zone, 1, inclusive)[0] ?? null;
}

/** Up to `count` dates after `instant`, as instants, within the search horizon. */
export function occurrencesAfter(
  schedule: Schedule,
  instant: Date,
  zone: string,
  count = RECURRING_PREVIEW_COUNT,
  inclusive = false,
): Date[] {
  const from = instantToWall(instant, zone);
  // A day of slack before: a wall time and its instant are never a day apart, whatever the zone.
  const found = schedule.rule.between(
    new Date(from.getTime() - DAY),
    new Date(from.getTime() + HORIZON_MS),
    true,
    (_, i) => i < count + 48,
  );
  return found
    .map((wall) => wallToInstant(wall, zone))
    .filter((at) => (inclusive ? at >= instant : at > instant))
    .slice(0, count);
}

/**
 * The latest date at or before `instant`: after downtime only the most recent missed occurrence is opened
 * (docs/decisions/0049-recurring-tickets.md). Null when the rule has no date yet.
 */
export function latestOccurrence(schedule: Schedule, instant: Date, zone: string): Date | null {
  const wall = schedule.rule.before(new Date(instantToWall(instant, zone).getTime() + DAY), true);
  // Walk back past the dates that the day of slack let in but that are still to come.
  let candidate = wall;
  while (candidate) {
    const at = wallToInstant(candidate, zone);
    if (at <= instant) return at;
    candidate = schedule.rule.before(candidate, false);
  }
  return null;
}
