import { describe, expect, it } from "vitest";
import { DEFAULT_BUILDER, fromRrule, toRrule } from "./schedule-builder";

describe("the schedule builder", () => {
  it("writes each common case as an RRULE", () => {
    expect(toRrule({ ...DEFAULT_BUILDER, repeat: "daily" })).toBe("FREQ=DAILY");
    expect(toRrule({ ...DEFAULT_BUILDER, repeat: "weekly", days: ["TH", "MO"] })).toBe("FREQ=WEEKLY;BYDAY=MO,TH");
    expect(toRrule({ ...DEFAULT_BUILDER, repeat: "monthlyDay", monthDay: 15 })).toBe("FREQ=MONTHLY;BYMONTHDAY=15");
    expect(toRrule({ ...DEFAULT_BUILDER, repeat: "monthlyWeekday", nth: 2, weekday: "MO" })).toBe(
      "FREQ=MONTHLY;BYDAY=2MO",
    );
    expect(toRrule({ ...DEFAULT_BUILDER, repeat: "monthlyWeekday", nth: -1, weekday: "FR" })).toBe(
      "FREQ=MONTHLY;BYDAY=-1FR",
    );
  });

  it("reads a stored rule back, and keeps any other as a raw RRULE", () => {
    for (const rule of [
      "FREQ=DAILY",
      "FREQ=WEEKLY;BYDAY=MO,TH",
      "FREQ=MONTHLY;BYMONTHDAY=15",
      "FREQ=MONTHLY;BYDAY=-1FR",
    ])
      expect(toRrule(fromRrule(rule))).toBe(rule);
    expect(fromRrule("FREQ=MONTHLY;BYDAY=2MO")).toMatchObject({ repeat: "monthlyWeekday", nth: 2, weekday: "MO" });
    expect(fromRrule("FREQ=YEARLY;BYMONTH=1")).toMatchObject({ repeat: "custom", custom: "FREQ=YEARLY;BYMONTH=1" });
    expect(fromRrule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO").repeat).toBe("custom");
  });
});
