// The schedule form's builder: the common cases as plain choices (daily, weekly on some days, monthly on
// day N or on the Nth weekday), each written as an RRULE; anything else is typed as a raw RRULE. The time of
// day is the start's (DTSTART), so the rules here carry no BYHOUR.

export type Repeat = "daily" | "weekly" | "monthlyDay" | "monthlyWeekday" | "custom";

export interface Builder {
  repeat: Repeat;
  /** Weekly: RFC 5545 day codes, e.g. ["MO", "TH"]. */
  days: string[];
  /** Monthly on day N: 1-31. */
  monthDay: number;
  /** Monthly on the Nth weekday: 1-4, or -1 for the last. */
  nth: number;
  weekday: string;
  /** Custom: the RRULE as typed. */
  custom: string;
}

export const WEEKDAYS = [
  { value: "MO", label: "Monday" },
  { value: "TU", label: "Tuesday" },
  { value: "WE", label: "Wednesday" },
  { value: "TH", label: "Thursday" },
  { value: "FR", label: "Friday" },
  { value: "SA", label: "Saturday" },
  { value: "SU", label: "Sunday" },
] as const;

export const NTH = [
  { value: "1", label: "First" },
  { value: "2", label: "Second" },
  { value: "3", label: "Third" },
  { value: "4", label: "Fourth" },
  { value: "-1", label: "Last" },
] as const;

export const DEFAULT_BUILDER: Builder = {
  repeat: "weekly",
  days: ["MO"],
  monthDay: 1,
  nth: 2,
  weekday: "MO",
  custom: "",
};

const DAY_CODES: readonly string[] = WEEKDAYS.map((d) => d.value);

/** The builder's choice as an RRULE. */
export function toRrule(b: Builder): string {
  switch (b.repeat) {
    case "daily":
      return "FREQ=DAILY";
    case "weekly": {
      const days = DAY_CODES.filter((d) => b.days.includes(d));
      return `FREQ=WEEKLY;BYDAY=${(days.length ? days : ["MO"]).join(",")}`;
    }
    case "monthlyDay":
      return `FREQ=MONTHLY;BYMONTHDAY=${b.monthDay}`;
    case "monthlyWeekday":
      return `FREQ=MONTHLY;BYDAY=${b.nth}${b.weekday}`;
    case "custom":
      return b.custom;
  }
}

/** A stored RRULE read back into the builder: a common case when it is one, else the raw rule. */
export function fromRrule(rrule: string): Builder {
  const rule = rrule
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, "");
  const parts = new Map(rule.split(";").map((p) => p.split("=") as [string, string]));
  const keys = [...parts.keys()].sort().join(",");
  const freq = parts.get("FREQ");
  const byday = parts.get("BYDAY") ?? "";
  if (keys === "FREQ" && freq === "DAILY") return { ...DEFAULT_BUILDER, repeat: "daily" };
  if (keys === "BYDAY,FREQ" && freq === "WEEKLY" && byday.split(",").every((d) => DAY_CODES.includes(d)))
    return { ...DEFAULT_BUILDER, repeat: "weekly", days: byday.split(",") };
  const monthDay = Number(parts.get("BYMONTHDAY"));
  if (keys === "BYMONTHDAY,FREQ" && freq === "MONTHLY" && Number.isInteger(monthDay) && monthDay >= 1 && monthDay <= 31)
    return { ...DEFAULT_BUILDER, repeat: "monthlyDay", monthDay };
  const nth = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byday);
  if (keys === "BYDAY,FREQ" && freq === "MONTHLY" && nth)
    return { ...DEFAULT_BUILDER, repeat: "monthlyWeekday", nth: Number(nth[1]), weekday: nth[2]! };
  return { ...DEFAULT_BUILDER, repeat: "custom", custom: rrule };
}
