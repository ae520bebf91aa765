import { describe, expect, it } from "vitest";
import { formatDate, formatExact } from "./format-date";

describe("dates and times on the portals", () => {
  // 14:00 UTC is 9:00 in Toronto in November (EST) and 10:00 in July (EDT), whatever the reader's zone.
  it.each([
    ["2026-11-20T14:00:00.000Z", "Nov 20, 2026, 9:00 a.m. EST"],
    ["2026-07-20T14:00:00.000Z", "Jul 20, 2026, 10:00 a.m. EDT"],
    [null, "—"],
    [undefined, "—"],
  ])("writes the exact time %s as %s", (iso, written) => {
    expect(formatExact(iso)).toBe(written);
  });

  it.each([
    ["2026-11-20", "Nov 20, 2026"],
    [null, "—"],
  ])("writes the date %s as that very day: %s", (date, written) => {
    expect(formatDate(date)).toBe(written);
  });
});
