import { describe, expect, it } from "vitest";
import { isTimeZone, minutesOfTime, slaPolicySchema, timeOfMinutes, type SlaPolicySettings } from "./sla.js";

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

  it("knows IANA zones and converts times of day", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(minutesOfTime("09:30")).toBe(570);
    expect(timeOfMinutes(570)).toBe("09:30");
  });
});
