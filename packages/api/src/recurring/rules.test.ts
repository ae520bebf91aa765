// A schedule's dates in Toronto wall time, across the clock changes, and the rules refused.
import { describe, expect, it } from "vitest";
import { InvalidError } from "../errors.js";
import { latestOccurrence, nextOccurrence, occurrencesAfter, parseRecurrence, wallToInstant } from "./rules.js";

const ZONE = "America/Toronto";
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const refusal = (rrule: string, dtstart = "2026-01-05T09:00") => {
  try {
    parseRecurrence({ rrule, dtstart });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidError);
    return (error as Error).message;
  }
  throw new Error(`${rrule} was accepted`);
};

describe("a schedule's dates", () => {
  it("the second Monday of each month at 09:00 Toronto, across the March change", () => {
    const schedule = parseRecurrence({ rrule: "FREQ=MONTHLY;BYDAY=2MO", dtstart: "2026-01-12T09:00" });
    expect(schedule.text).toBe("every month on the 2nd Monday");
    // 09:00 EST is 14:00Z until 8 March 2026, 09:00 EDT is 13:00Z after.
    expect(iso(occurrencesAfter(schedule, new Date("2026-01-13T00:00:00Z"), ZONE))).toEqual([
      "2026-02-09T14:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
      "2026-04-13T13:00:00.000Z",
      "2026-05-11T13:00:00.000Z",
      "2026-06-08T13:00:00.000Z",
    ]);
  });

  it("keeps the wall time through November's change", () => {
    const schedule = parseRecurrence({ rrule: "FREQ=WEEKLY;BYDAY=FR", dtstart: "2026-10-23T16:30" });
    expect(iso(occurrencesAfter(schedule, new Date("2026-10-24T00:00:00Z"), ZONE, 3))).toEqual([
      "2026-10-30T20:30:00.000Z",
      "2026-11-06T21:30:00.000Z",
      "2026-11-13T21:30:00.000Z",
    ]);
  });

  it("a wall time the clocks skip lands an hour later; one they repeat is the first", () => {
    // 8 March 2026 02:30 does not exist in Toronto: it is read as 03:30 EDT.
    expect(wallToInstant(new Date("2026-03-08T02:30:00Z"), ZONE).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 1 November 2026 01:30 happens twice: the first (EDT).
    expect(wallToInstant(new Date("2026-11-01T01:30:00Z"), ZONE).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    const daily = parseRecurrence({ rrule: "FREQ=DAILY", dtstart: "2026-03-06T02:30" });
    expect(iso(occurrencesAfter(daily, new Date("2026-03-06T12:00:00Z"), ZONE, 3))).toEqual([
      "2026-03-07T07:30:00.000Z",
      "2026-03-08T07:30:00.000Z",
      "2026-03-09T06:30:00.000Z",
    ]);
  });

  it("the next date and the latest past one, from an instant", () => {
    const schedule = parseRecurrence({ rrule: "FREQ=DAILY;BYHOUR=9;BYMINUTE=0", dtstart: "2026-03-01T09:00" });
    const at = new Date("2026-03-10T13:00:00Z"); // 09:00 EDT exactly
    expect(nextOccurrence(schedule, at, ZONE, true)?.toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(nextOccurrence(schedule, at, ZONE)?.toISOString()).toBe("2026-03-11T13:00:00.000Z");
    expect(latestOccurrence(schedule, new Date("2026-03-12T12:59:00Z"), ZONE)?.toISOString()).toBe(
      "2026-03-11T13:00:00.000Z",
    );
    expect(latestOccurrence(schedule, new Date("2026-02-28T00:00:00Z"), ZONE)).toBeNull();
  });

  it("a rule that has run out has no next date", () => {
    const schedule = parseRecurrence({ rrule: "FREQ=DAILY;COUNT=2", dtstart: "2026-03-01T09:00" });
    expect(nextOccurrence(schedule, new Date("2026-03-05T00:00:00Z"), ZONE)).toBeNull();
  });
});

describe("rules refused", () => {
  it("says what is wrong and gives an example", () => {
    expect(refusal("FREQ=FORTNIGHTLY")).toMatch(/FREQ must be one of YEARLY.*Example: FREQ=MONTHLY;BYDAY=2MO/);
    expect(refusal("BYDAY=2MO")).toMatch(/needs a FREQ/);
    expect(refusal("FREQ=MONTHLY;BYDAY=XX")).toMatch(/not a valid RRULE/);
    expect(refusal("FREQ=DAILY;COUNT=abc")).toMatch(/COUNT must be a whole number/);
    expect(refusal("FREQ=DAILY;BOGUS=1")).toMatch(/Unknown RRULE property/);
    expect(refusal("DTSTART:20260101T090000\nRRULE:FREQ=DAILY")).toMatch(/start goes in the start field/);
    expect(refusal("FREQ=DAILY", "2026-02-30T09:00")).toMatch(/Start must be a date and time/);
    expect(refusal("FREQ=DAILY", "2026-13-01T09:00")).toMatch(/Start must be a date and time/);
  });

  it("refuses rules that would never run before rrule searches them to the year 9999", () => {
    expect(refusal("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30")).toMatch(/No chosen month has that day/);
    expect(refusal("FREQ=DAILY;BYMONTH=4,6;BYMONTHDAY=31")).toMatch(/No chosen month has that day/);
    expect(refusal("FREQ=DAILY;BYHOUR=9;BYSETPOS=2")).toMatch(/BYSETPOS needs FREQ=WEEKLY/);
    expect(refusal("FREQ=YEARLY;BYYEARDAY=366")).toMatch(/BYYEARDAY is not supported/);
    // The 31st of the months that have one, and the last weekday of each month, are fine.
    expect(parseRecurrence({ rrule: "FREQ=MONTHLY;BYMONTHDAY=31", dtstart: "2026-01-05T09:00" }).text).toMatch(/31st/);
    expect(
      parseRecurrence({ rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", dtstart: "2026-01-05T09:00" }).text,
    ).toBeTruthy();
  });

  it("refuses anything more often than hourly", () => {
    expect(refusal("FREQ=MINUTELY;INTERVAL=30")).toMatch(/at most once an hour/);
    expect(refusal("FREQ=DAILY;BYHOUR=9;BYMINUTE=0,30")).toMatch(/at most once an hour/);
    expect(parseRecurrence({ rrule: "FREQ=HOURLY", dtstart: "2026-01-05T09:00" }).text).toBe("every hour");
  });

  it("accepts the RRULE: prefix and lower case", () => {
    expect(parseRecurrence({ rrule: "rrule:freq=weekly;byday=mo,we", dtstart: "2026-01-05T09:00" }).text).toBe(
      "every week on Monday, Wednesday",
    );
  });
});
