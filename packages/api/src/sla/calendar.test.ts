import { describe, expect, it } from "vitest";
import { type BusinessHours, businessHoursCalendar, STANDARD_BUSINESS_HOURS, zoneOffset } from "./calendar.js";

const H = 3_600_000;
const at = (iso: string) => new Date(iso);
const withHolidays = (...dates: string[]): BusinessHours => ({
  ...STANDARD_BUSINESS_HOURS,
  holidays: dates.map((date) => ({ date, name: "Holiday" })),
});

describe("business-hours calendar with holidays", () => {
  const ontario = businessHoursCalendar(withHolidays("2026-02-16", "2026-04-03", "2026-12-25", "2026-12-26"));

  it("skips a holiday: Friday 15:00 + 4 h before Family Day Monday is Tuesday 11:00", () => {
    // 2026-02-13 is a Friday; Monday 2026-02-16 is Family Day.
    expect(ontario.add(at("2026-02-13T20:00:00Z"), 4 * H).toISOString()).toBe("2026-02-17T16:00:00.000Z");
    expect(ontario.between(at("2026-02-13T20:00:00Z"), at("2026-02-17T16:00:00Z"))).toBe(4 * H);
    expect(ontario.between(at("2026-02-16T14:00:00Z"), at("2026-02-16T22:00:00Z"))).toBe(0);
  });

  it("counts no working time on a holiday inside a long span, and long targets jump over it", () => {
    // Monday 2026-03-30 09:00 to Monday 2026-04-06 09:00: five workdays less Good Friday.
    expect(ontario.between(at("2026-03-30T13:00:00Z"), at("2026-04-06T13:00:00Z"))).toBe(4 * 8 * H);
    // 20 business days from 2026-12-01 09:00 (Tuesday): Christmas Friday is skipped, and Boxing Day, a
    // Saturday, is observed on Monday the 28th.
    const due = ontario.add(at("2026-12-01T14:00:00Z"), 20 * 8 * H);
    expect(due.toISOString()).toBe("2026-12-30T22:00:00.000Z"); // Wednesday 30th 17:00
    expect(ontario.between(at("2026-12-01T14:00:00Z"), due)).toBe(20 * 8 * H);
  });

  it("observes a holiday on a weekend on the next working day not already a holiday", () => {
    // Christmas 2027 is a Saturday and Boxing Day a Sunday: observed Monday the 27th and Tuesday the 28th.
    const christmas2027 = businessHoursCalendar(withHolidays("2027-12-25", "2027-12-26"));
    expect(christmas2027.between(at("2027-12-24T22:00:00Z"), at("2027-12-29T14:00:00Z"))).toBe(0);
    // Friday 24th 16:00 + 2 h ends Wednesday 29th 10:00.
    expect(christmas2027.add(at("2027-12-24T21:00:00Z"), 2 * H).toISOString()).toBe("2027-12-29T15:00:00.000Z");
  });

  it("is exact across the spring DST change (UTC-5 to UTC-4 on 2026-03-08)", () => {
    // Friday 2026-03-06 16:00 EST + 2 h = Monday 2026-03-09 10:00 EDT (14:00 UTC).
    expect(ontario.add(at("2026-03-06T21:00:00Z"), 2 * H).toISOString()).toBe("2026-03-09T14:00:00.000Z");
    expect(ontario.between(at("2026-03-06T21:00:00Z"), at("2026-03-09T14:00:00Z"))).toBe(2 * H);
  });

  it("is exact across the autumn DST change with a holiday beside it", () => {
    // 2026-11-01 clocks go back. Friday 2026-10-30 16:00 EDT + 2 h with Monday a holiday = Tuesday 10:00 EST.
    const cal = businessHoursCalendar(withHolidays("2026-11-02"));
    expect(cal.add(at("2026-10-30T20:00:00Z"), 2 * H).toISOString()).toBe("2026-11-03T15:00:00.000Z");
  });

  it("follows the working days, hours and zone it is given", () => {
    const vancouver = businessHoursCalendar({
      timeZone: "America/Vancouver",
      workDays: [1, 2, 3, 4, 5, 6],
      openMinutes: 8 * 60,
      closeMinutes: 12 * 60 + 30,
      holidays: [],
    });
    // Saturday 2026-01-10 12:00 PST + 1 h: 30 min on Saturday, 30 min Monday from 08:00.
    expect(vancouver.add(at("2026-01-10T20:00:00Z"), H).toISOString()).toBe("2026-01-12T16:30:00.000Z");
    expect(vancouver.description).toBe("Mon-Sat 8:00-12:30 America/Vancouver");
    expect(ontario.description).toBe("Mon-Fri 9:00-17:00 America/Toronto, holidays excluded");
  });

  it("says until when the clock runs: the day's closing inside working hours, null outside", () => {
    expect(ontario.workingUntil(at("2026-01-12T15:00:00Z"))?.toISOString()).toBe("2026-01-12T22:00:00.000Z");
    expect(ontario.workingUntil(at("2026-01-12T23:00:00Z"))).toBeNull();
    expect(ontario.workingUntil(at("2026-02-16T15:00:00Z"))).toBeNull(); // Family Day
  });
});

describe("zone offsets", () => {
  it("stay exact inside the hour the clocks change, however often that hour is asked", () => {
    // Toronto springs forward at 2026-03-08 07:00 UTC (02:00 EST becomes 03:00 EDT) and falls back at
    // 2026-11-01 06:00 UTC. The hours around each change are asked first, so both are remembered.
    for (const [before, change, after] of [
      ["2026-03-08T06:30:00Z", "2026-03-08T07:00:00Z", "2026-03-08T07:30:00Z"],
      ["2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z", "2026-11-01T06:30:00Z"],
    ] as const) {
      const was = zoneOffset(Date.parse(before));
      for (let round = 0; round < 2; round++) {
        expect(zoneOffset(Date.parse(before))).toBe(was);
        expect(zoneOffset(Date.parse(change) - 1000)).toBe(was);
        expect(zoneOffset(Date.parse(change))).toBe(zoneOffset(Date.parse(after)));
        expect(zoneOffset(Date.parse(after)) - was).toBe(change.startsWith("2026-03") ? H : -H);
      }
    }
  });

  it("stay exact in an hour whose clocks change in its middle", () => {
    // Lord Howe Island goes from UTC+10:30 to UTC+11 at 02:00 local on Sunday 2026-10-04: 15:30 UTC the day before.
    const change = Date.parse("2026-10-03T15:30:00Z");
    for (let round = 0; round < 2; round++) {
      expect(zoneOffset(change - 1000, "Australia/Lord_Howe")).toBe(10.5 * H);
      expect(zoneOffset(change, "Australia/Lord_Howe")).toBe(11 * H);
    }
  });

  it("are those of the zone asked for", () => {
    const instant = Date.parse("2026-07-01T12:00:00Z");
    expect(zoneOffset(instant, "America/Toronto")).toBe(-4 * H);
    expect(zoneOffset(instant, "America/Vancouver")).toBe(-7 * H);
    expect(zoneOffset(instant, "Asia/Kolkata")).toBe(5.5 * H);
  });
});
