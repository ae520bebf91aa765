import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatStaffDateTime } from "./format-date";

const STYLE = { dateStyle: "medium", timeStyle: "short" } as const;

describe("dates and times on the portals", () => {
  it("writes a client's timestamp in the reader's own locale", () => {
    const iso = "2026-11-20T14:00:00.000Z";
    expect(formatDateTime(iso)).toBe(new Date(iso).toLocaleString(undefined, STYLE));
  });

  it("writes a staff timestamp the Canadian way, and a dash when there is none", () => {
    const iso = "2026-11-20T14:00:00.000Z";
    expect(formatStaffDateTime(iso)).toBe(new Date(iso).toLocaleString("en-CA", STYLE));
    expect(formatStaffDateTime(iso)).toMatch(/^Nov \d{1,2}, 2026, \d{1,2}:\d{2}\s[ap]\.m\.$/);
    expect(formatStaffDateTime(null)).toBe("—");
    expect(formatStaffDateTime(undefined)).toBe("—");
  });

  it("writes a bare date as that very day in any time zone, and a dash when there is none", () => {
    expect(formatDate("2026-11-20")).toBe(new Date(2026, 10, 20).toLocaleDateString());
    expect(formatDate(null)).toBe("—");
  });
});
