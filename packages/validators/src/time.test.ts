import { describe, expect, it } from "vitest";
import { durationSchema, parseDuration, roundUpMinutes, weekDays, weekStartOf } from "./time.js";

describe("durations", () => {
  it("read a bare number as minutes, and hours the ways people write them", () => {
    const read = ["25", "90m", "45 min", "1h30", "1h 30m", "1h", "2 h", "1:30", "0:05", "1.5h", "1,25h", ".5h"];
    expect(read.map(parseDuration)).toEqual([25, 90, 45, 90, 90, 60, 120, 90, 5, 90, 75, 30]);
  });

  it("refuse what is not a duration, and anything under a minute or over a day", () => {
    for (const bad of ["", "an hour", "1h70", "1:75", "-5", "1.5", "h"]) expect(parseDuration(bad), bad).toBeNull();
    expect(durationSchema.safeParse("1h70").error?.issues[0]?.message).toBe("Time spent must be like 25, 1h30 or 1:30");
    expect(durationSchema.safeParse(0).error?.issues[0]?.message).toBe("Time spent must be at least 1 minute");
    expect(durationSchema.safeParse("24:01").error?.issues[0]?.message).toBe("Time spent must be at most 24 hours");
    expect(durationSchema.safeParse(2.5).error?.issues[0]?.message).toBe("Time spent must be like 25, 1h30 or 1:30");
    expect(durationSchema.parse("24:00")).toBe(1440);
  });
});

describe("weeks and rounding", () => {
  it("start weeks on Monday, whatever day is given", () => {
    expect(["2026-11-23", "2026-11-25", "2026-11-29"].map(weekStartOf)).toEqual([
      "2026-11-23",
      "2026-11-23",
      "2026-11-23",
    ]);
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28"); // across a year
    expect(weekDays("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });

  it("round up to the unit, never below one unit", () => {
    expect([roundUpMinutes(1, 6), roundUpMinutes(6, 6), roundUpMinutes(7, 6), roundUpMinutes(16, 15)]).toEqual([
      6, 6, 12, 30,
    ]);
  });
});
