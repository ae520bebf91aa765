import { describe, expect, it } from "vitest";
import { localDateAfter } from "../sla/calendar.js";
import type { DeviceStatus } from "@repo/validators";
import { assessCompliance, isWarrantyExpiring } from "./compliance.js";

const now = new Date("2025-06-15T16:00:00Z"); // noon in Toronto
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("assessCompliance", () => {
  const assess = (status: DeviceStatus, encryptionEnabled: boolean, lastCheckIn: Date | null) =>
    assessCompliance({ status, encryptionEnabled, lastCheckIn }, now);

  it("needs encryption and a check-in within 30 days", () => {
    expect(assess("IN_USE", true, daysAgo(30))).toEqual({ compliance: "COMPLIANT", issues: [] });
    expect(assess("IN_USE", true, daysAgo(30.01))).toEqual({
      compliance: "AT_RISK",
      issues: ["No check-in for 30 days"],
    });
    expect(assess("SPARE", false, daysAgo(1))).toEqual({ compliance: "AT_RISK", issues: ["Disk not encrypted"] });
    expect(assess("IN_REPAIR", true, null)).toEqual({ compliance: "AT_RISK", issues: ["Never checked in"] });
  });

  it("gives every reason a device is at risk, with the days since its last check-in", () => {
    expect(assess("IN_USE", false, daysAgo(45.5))).toEqual({
      compliance: "AT_RISK",
      issues: ["Disk not encrypted", "No check-in for 45 days"],
    });
  });

  it("does not assess a RETIRED device: neither compliant nor at risk, whatever its state", () => {
    expect(assess("RETIRED", false, null)).toEqual({ compliance: "NOT_ASSESSED", issues: [] });
    expect(assess("RETIRED", true, daysAgo(1))).toEqual({ compliance: "NOT_ASSESSED", issues: [] });
  });
});

describe("isWarrantyExpiring", () => {
  it("counts a warranty within the next 30 days (Toronto calendar) or already past", () => {
    expect(isWarrantyExpiring({ warrantyExpiry: "2025-07-15" }, now)).toBe(true);
    expect(isWarrantyExpiring({ warrantyExpiry: "2025-07-16" }, now)).toBe(false);
    expect(isWarrantyExpiring({ warrantyExpiry: "2020-01-01" }, now)).toBe(true);
    expect(isWarrantyExpiring({ warrantyExpiry: null }, now)).toBe(false);
  });

  it("uses Toronto's date, not UTC's, late in the evening", () => {
    const lateEvening = new Date("2025-06-16T02:30:00Z"); // 22:30 on June 15 in Toronto
    expect(localDateAfter(lateEvening, 0)).toBe("2025-06-15");
    expect(localDateAfter(lateEvening, 30)).toBe("2025-07-15");
  });
});
