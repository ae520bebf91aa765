import { describe, expect, it } from "vitest";
import { type Activity, activityBlocks } from "./activity-blocks.js";

// 2027-03-02 in Toronto (EST, UTC-5): 09:00 local is 14:00Z.
const dayStart = new Date("2027-03-02T05:00:00Z");
const dayEnd = new Date("2027-03-03T05:00:00Z");
const at = (hhmmss: string) => new Date(`2027-03-02T${hhmmss}-05:00`);
const focus = (ticketId: string, from: string, to: string): Activity => ({
  ticketId,
  kind: "focus",
  start: at(from),
  end: at(to),
});
const event = (ticketId: string, kind: "reply" | "note" | "status", when: string): Activity => ({
  ticketId,
  kind,
  start: at(when),
  end: at(when),
});
const blocks = (activities: Activity[], roundingMinutes = 1, settled: Parameters<typeof activityBlocks>[1] = []) =>
  activityBlocks(activities, settled, { dayStart, dayEnd, gapMinutes: 10, roundingMinutes }).map((b) => ({
    ticket: b.ticketId,
    from: b.start.toISOString().slice(11, 16),
    to: b.end.toISOString().slice(11, 16),
    active: b.activeMinutes,
    minutes: b.minutes,
  }));

describe("activityBlocks", () => {
  it("counts a focus span's minutes from its first heartbeat to its last, both included", () => {
    expect(blocks([focus("A", "09:00:00", "09:20:30")], 6)).toEqual([
      { ticket: "A", from: "14:00", to: "14:21", active: 21, minutes: 24 },
    ]);
  });

  it("joins activity across a gap of up to 10 minutes and splits it beyond", () => {
    expect(blocks([focus("A", "09:00:00", "09:10:00"), event("A", "reply", "09:21:00")])).toEqual([
      { ticket: "A", from: "14:00", to: "14:22", active: 22, minutes: 22 },
    ]);
    expect(blocks([focus("A", "09:00:00", "09:05:00"), event("A", "note", "09:17:00")])).toEqual([
      { ticket: "A", from: "14:00", to: "14:06", active: 6, minutes: 6 },
      { ticket: "A", from: "14:17", to: "14:18", active: 1, minutes: 1 },
    ]);
  });

  it("counts focus on two tickets at once once, to the ticket focused last", () => {
    const short = blocks([focus("A", "09:00:00", "09:30:00"), focus("B", "09:10:00", "09:14:00")]);
    expect(short).toEqual([
      { ticket: "A", from: "14:00", to: "14:31", active: 26, minutes: 26 },
      { ticket: "B", from: "14:10", to: "14:15", active: 5, minutes: 5 },
    ]);
    // B's eleven minutes are a gap of more than ten in A's work: A is two blocks.
    const long = blocks([focus("A", "09:00:00", "09:30:00"), focus("B", "09:10:00", "09:20:00")]);
    expect(long.map((b) => [b.ticket, b.active])).toEqual([
      ["A", 10],
      ["B", 11],
      ["A", 10],
    ]);
    for (const result of [short, long]) expect(result.reduce((sum, b) => sum + b.active, 0)).toBe(31);
  });

  it("gives an idle minute inside two blocks to the ticket worked on last before it", () => {
    const result = blocks([
      event("A", "reply", "09:00:00"),
      event("B", "status", "09:05:00"),
      event("A", "note", "09:08:00"),
    ]);
    expect(result).toEqual([
      { ticket: "A", from: "14:00", to: "14:09", active: 8, minutes: 8 },
      { ticket: "B", from: "14:05", to: "14:06", active: 1, minutes: 1 },
    ]);
  });

  it("does not offer settled minutes again: work after them is a new block", () => {
    const settled = [{ ticketId: "A", start: at("09:00:00"), end: at("09:20:59") }];
    expect(blocks([focus("A", "09:00:00", "09:40:00")], 1, settled)).toEqual([
      { ticket: "A", from: "14:21", to: "14:41", active: 20, minutes: 20 },
    ]);
  });

  it("keeps to the day: activity before midnight or after it is not counted", () => {
    expect(
      blocks([
        focus("A", "23:50:00", "23:59:59"),
        {
          ...focus("B", "00:00:00", "00:05:00"),
          start: new Date("2027-03-02T04:50:00Z"),
          end: new Date("2027-03-02T04:59:00Z"),
        },
      ]),
    ).toEqual([{ ticket: "A", from: "04:50", to: "05:00", active: 10, minutes: 10 }]);
  });

  it("sums what it proposes: each block's minutes is its active minutes rounded up", () => {
    const result = blocks(
      [focus("A", "09:00:00", "09:03:00"), focus("B", "09:30:00", "09:47:10"), event("C", "reply", "11:00:00")],
      15,
    );
    expect(result.map((b) => b.minutes)).toEqual([15, 30, 15]);
  });
});
