import type { TicketSla } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { describeStanding, formatWorkingTime, remainingAt, runningEnded } from "./sla-countdown";

const H = 3_600_000;
const M = 60_000;

function sla(overrides: Partial<TicketSla> = {}): TicketSla {
  const standing = {
    dueAt: "2026-02-12T15:00:00.000Z",
    state: "running" as const,
    remainingMs: 3 * H + 20 * M,
    doneAt: null,
    targetMinutes: 480,
  };
  return {
    at: "2026-02-09T15:00:00.000Z",
    runningUntil: "2026-02-09T22:00:00.000Z",
    calendar: { kind: "business", description: "Mon-Fri 9:00-17:00 America/Toronto, holidays excluded" },
    pausedMs: 0,
    pausedSince: null,
    reopenedAt: null,
    response: standing,
    resolution: standing,
    ...overrides,
  };
}

describe("SLA countdown", () => {
  it("formats working time in hours and minutes", () => {
    expect(formatWorkingTime(3 * H + 20 * M)).toBe("3 h 20 min");
    expect(formatWorkingTime(-(1 * H + 5 * M))).toBe("1 h 5 min");
    expect(formatWorkingTime(2 * H)).toBe("2 h");
    expect(formatWorkingTime(45 * M + 30_000)).toBe("45 min");
    expect(formatWorkingTime(10_000)).toBe("less than 1 min");
  });

  it("counts down while the clock runs and stops at closing time", () => {
    const s = sla();
    const received = 1_000_000;
    expect(remainingAt(s, s.resolution, received, received + 20 * M)).toBe(3 * H);
    // Closing is 7 h after the answer: past it the time left stays where closing left it.
    expect(remainingAt(s, s.resolution, received, received + 9 * H)).toBe(3 * H + 20 * M - 7 * H);
    expect(runningEnded(s, received, received + 6 * H)).toBe(false);
    expect(runningEnded(s, received, received + 7 * H)).toBe(true);
  });

  it("does not count down a paused clock or outside working hours", () => {
    const paused = sla({ runningUntil: null });
    expect(remainingAt(paused, paused.resolution, 0, 5 * H)).toBe(3 * H + 20 * M);
  });

  it("words each state", () => {
    const s = sla();
    expect(describeStanding(s, s.resolution, 3 * H + 20 * M)).toBe("3 h 20 min business time left");
    expect(describeStanding(s, s.resolution, -(H + 5 * M))).toBe("Overdue by 1 h 5 min business time");
    const p1 = sla({ calendar: { kind: "24x7", description: "24x7" } });
    expect(describeStanding(p1, p1.resolution, -(H + 5 * M))).toBe("Overdue by 1 h 5 min");
    expect(describeStanding(s, { ...s.resolution, state: "paused" }, H)).toBe("1 h business time left (clock paused)");
    expect(describeStanding(s, { ...s.resolution, state: "met", remainingMs: null }, null)).toBe("Met");
    expect(describeStanding(s, { ...s.resolution, state: "breached", remainingMs: null }, null)).toBe("Breached");
  });
});
