import { describe, expect, it } from "vitest";
import { formatClockTime, formatDateTime, formatDay, formatRelative, isoDay } from "./datetime.js";

const now = new Date("2026-11-20T17:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe("the provider's dates and times", () => {
  it("writes instants in Toronto time, the zone named on request", () => {
    expect(formatDateTime("2026-11-20T14:05:00.000Z")).toBe("Nov 20, 2026, 9:05 a.m.");
    expect(formatDateTime(new Date("2026-11-20T19:30:00.000Z"), { zone: true })).toBe("Nov 20, 2026, 2:30 p.m. EST");
    // Across midnight UTC: 02:00 UTC on the 21st is still the 20th in Toronto.
    expect(formatDay("2026-11-21T02:00:00.000Z")).toBe("Nov 20, 2026");
    expect(isoDay("2026-11-21T02:00:00.000Z")).toBe("2026-11-20");
    expect(isoDay("2026-11-21T05:00:00.000Z")).toBe("2026-11-21");
    expect(formatClockTime("2026-11-20T14:05:00.000Z")).toBe("9:05 a.m.");
    expect(formatClockTime("2026-07-20T17:30:00.000Z")).toBe("1:30 p.m.");
  });

  it("never shifts a calendar date by a day", () => {
    expect(formatDay("2027-12-28")).toBe("Dec 28, 2027");
    expect(formatDay("2026-01-01")).toBe("Jan 1, 2026");
  });

  it("says how long ago in lists, and the day itself after a week", () => {
    expect(formatRelative(ago(20_000), now)).toBe("just now");
    expect(formatRelative(ago(5 * MIN), now)).toBe("5 min ago");
    expect(formatRelative(ago(59 * MIN), now)).toBe("59 min ago");
    expect(formatRelative(ago(2 * 60 * MIN + 5 * MIN), now)).toBe("2 h ago");
    expect(formatRelative(ago(3 * 24 * 60 * MIN), now)).toBe("3 d ago");
    expect(formatRelative(ago(8 * 24 * 60 * MIN), now)).toBe("Nov 12, 2026");
  });

  it("writes a time ahead as 'in', and a slightly skewed clock as 'just now'", () => {
    expect(formatRelative(new Date(now.getTime() + 30_000), now)).toBe("just now");
    expect(formatRelative(new Date(now.getTime() + 3 * 60 * MIN), now)).toBe("in 3 h");
  });
});
