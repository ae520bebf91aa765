import { describe, expect, it } from "vitest";
import { localDateAfter } from "../sla/calendar.js";
import { isCompliant, isWarrantyExpiring } from "./compliance.js";

const now = new Date("2025-06-15T16:00:00Z"); // noon in Toronto
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("isCompliant", () => {
  it("needs encryption and a check-in within 30 days", () => {
    expect(isCompliant({ status: "IN_USE", encryptionEnabled: true, lastCheckIn: daysAgo(30) }, now)).toBe(true);
    expect(isCompliant({ status: "IN_USE", encryptionEnabled: true, lastCheckIn: daysAgo(30.01) }, now)).toBe(false);
    expect(isCompliant({ status: "SPARE", encryptionEnabled: false, lastCheckIn: daysAgo(1) }, now)).toBe(false);
    expect(isCompliant({ status: "IN_REPAIR", encryptionEnabled: true, lastCheckIn: null }, now)).toBe(false);
  });

  it("never counts a RETIRED device at risk", () => {
    expect(isCompliant({ status: "RETIRED", encryptionEnabled: false, lastCheckIn: null }, now)).toBe(true);
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
