import { describe, expect, it } from "vitest";
import {
  isTimeZone,
  minutesOfTime,
  observedHolidays,
  slaPolicySchema,
  timeOfMinutes,
  type SlaPolicySettings,
} from "./sla.js";

const valid: SlaPolicySettings = {
  targets: (["P1", "P2", "P3", "P4"] as const).map((priority) => ({
    priority,
    firstResponseMinutes: 60,
    resolutionMinutes: 480,
    businessHours: priority !== "P1",
  })),
  calendar: {
    timeZone: "America/Toronto",
    workDays: [1, 2, 3, 4, 5],
    openTime: "09:00",
    closeTime: "17:00",
    holidays: [{ date: "2026-07-01", name: "Canada Day" }],
  },
  atRiskPercent: 75,
};

const messages = (value: unknown) => {
  const result = slaPolicySchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("SLA policy schema", () => {
  it("accepts a sound policy", () => {
    expect(messages(valid)).toEqual([]);
  });

  it("names each broken rule", () => {
    expect(messages({ ...valid, calendar: { ...valid.calendar, workDays: [] } })).toEqual([
      "Pick at least one working day",
    ]);
    expect(messages({ ...valid, calendar: { ...valid.calendar, openTime: "17:00", closeTime: "17:00" } })).toEqual([
      "Closing time must be after opening time",
    ]);
    expect(
      messages({ ...valid, calendar: { ...valid.calendar, holidays: [{ date: "2026-02-30", name: "Nope" }] } }),
    ).toEqual(["Holiday date must be a date (YYYY-MM-DD)"]);
    expect(
      messages({ ...valid, calendar: { ...valid.calendar, holidays: [{ date: "2026-07-01", name: " " }] } }),
    ).toEqual(["Holiday name is required"]);
    expect(messages({ ...valid, targets: valid.targets.slice(1) })).toContain("Give targets for every priority");
    expect(messages({ ...valid, atRiskPercent: 100 })).toEqual(["At-risk threshold must be between 1 and 99 percent"]);
  });

  it("refuses a resolution target shorter than the response target, and accepts an equal one", () => {
    const p3 = (resolutionMinutes: number) => ({
      ...valid,
      targets: valid.targets.map((t) =>
        t.priority === "P3" ? { ...t, firstResponseMinutes: 480, resolutionMinutes } : t,
      ),
    });
    const result = slaPolicySchema.safeParse(p3(100));
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["targets.2.resolutionMinutes", "Resolution target must be at least the response target"],
    ]);
    expect(messages(p3(480))).toEqual([]);
  });

  it("observes a holiday on a day off on the next working day that is free", () => {
    const monToFri = [1, 2, 3, 4, 5];
    // Christmas 2027 is a Saturday, Boxing Day a Sunday; New Year's Day 2027 a Friday stays put.
    expect(Object.fromEntries(observedHolidays(["2027-12-26", "2027-12-25", "2027-01-01"], monToFri))).toEqual({
      "2027-01-01": "2027-01-01",
      "2027-12-25": "2027-12-27",
      "2027-12-26": "2027-12-28",
    });
    // A Saturday holiday before a Monday holiday moves past it to Tuesday.
    expect(observedHolidays(["2026-12-26", "2026-12-28"], monToFri).get("2026-12-26")).toBe("2026-12-29");
    // With Saturdays worked, a Saturday holiday is that Saturday.
    expect(observedHolidays(["2027-12-25"], [1, 2, 3, 4, 5, 6]).get("2027-12-25")).toBe("2027-12-25");
  });

  it("knows IANA zones and converts times of day", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(minutesOfTime("09:30")).toBe(570);
    expect(timeOfMinutes(570)).toBe("09:30");
  });
});
