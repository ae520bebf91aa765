import { describe, expect, it } from "vitest";
import { parseDollars, parseHours, recentMonths } from "./billing-format";

describe("billing amounts as people type them", () => {
  it.each([
    ["120", 12_000],
    ["99.5", 9_950],
    ["$1,212.05", 121_205],
    ["0", 0],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(["", "abc", "1.234", "-5", "1e3"])("refuses %j", (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it("reads hours into whole minutes, and refuses none", () => {
    expect(parseHours("7.5")).toBe(450);
    expect(parseHours("0")).toBeNull();
    expect(parseHours("ten")).toBeNull();
  });

  it("offers next month first, then this month and back two years", () => {
    const months = recentMonths("2026-01");
    expect(months.slice(0, 3).map((m) => m.value)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(months[1]!.label).toBe("January 2026");
    expect(months).toHaveLength(25);
  });
});
