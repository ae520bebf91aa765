// The two device rules of docs/product-spec.md §9 and docs/architecture.md, in one place for the list, the metrics, the CSV
// export and the assistant: whether a device is compliant, and whether its warranty is expiring.
import {
  COMPLIANCE_CHECKIN_DAYS,
  WARRANTY_EXPIRING_DAYS,
  type DeviceCompliance,
  type DeviceMetrics,
  type DeviceStatus,
} from "@repo/validators";
import { and, devices, isNotNull, isNull, lt, lte, ne, not, or, type SQL } from "@repo/db";
import { localDateAfter } from "../sla/calendar.js";

const DAY_MS = 86_400_000;

interface ComplianceFields {
  status: DeviceStatus;
  encryptionEnabled: boolean;
  lastCheckIn: Date | null;
}

export interface ComplianceAssessment {
  compliance: DeviceCompliance;
  /** Why the device is at risk, in the words the inventory shows; empty unless AT_RISK. */
  issues: string[];
}

/**
 * Compliant = disk encryption on and a check-in within the last 30 days; otherwise At Risk, with each
 * failed check as a reason. A RETIRED device is out of service (wiped, in storage): it is not assessed,
 * so it is neither "Compliant" nor counted at risk. One rule, used by the list, the metrics, the CSV
 * export and (through the device payload) the assistant.
 */
export function assessCompliance(device: ComplianceFields, now: Date): ComplianceAssessment {
  if (device.status === "RETIRED") return { compliance: "NOT_ASSESSED", issues: [] };
  const issues: string[] = [];
  if (!device.encryptionEnabled) issues.push("Disk not encrypted");
  if (!device.lastCheckIn) issues.push("Never checked in");
  else {
    const days = Math.floor((now.getTime() - device.lastCheckIn.getTime()) / DAY_MS);
    // Compared in milliseconds, so 30 days and one minute is already late, though it reads "30 days".
    if (device.lastCheckIn.getTime() < now.getTime() - COMPLIANCE_CHECKIN_DAYS * DAY_MS) {
      issues.push(`No check-in for ${days} days`);
    }
  }
  return { compliance: issues.length > 0 ? "AT_RISK" : "COMPLIANT", issues };
}

/**
 * docs/product-spec.md §9, literally: a warranty expiring within the next 30 days or already past, whatever the
 * device's status. A device without a warranty date is not counted.
 */
export function isWarrantyExpiring(device: { warrantyExpiry: string | null }, now: Date): boolean {
  if (!device.warrantyExpiry) return false;
  // ISO dates compare as strings.
  // The provider works in Toronto: "today" for a warranty date is its calendar day there.
  return device.warrantyExpiry <= localDateAfter(now, WARRANTY_EXPIRING_DAYS);
}

/** assessCompliance's AT_RISK in SQL, for counting without reading every device: the same three checks. */
export function atRiskCondition(now: Date): SQL {
  return and(
    ne(devices.status, "RETIRED"),
    or(
      not(devices.encryptionEnabled),
      isNull(devices.lastCheckIn),
      lt(devices.lastCheckIn, new Date(now.getTime() - COMPLIANCE_CHECKIN_DAYS * DAY_MS)),
    ),
  )!;
}

/** isWarrantyExpiring in SQL: a date column compares with the ISO date of the last day that counts. */
export function warrantyExpiringCondition(now: Date): SQL {
  return and(
    isNotNull(devices.warrantyExpiry),
    lte(devices.warrantyExpiry, localDateAfter(now, WARRANTY_EXPIRING_DAYS)),
  )!;
}

/** The inventory counters over devices already carrying the two flags. */
export function deviceMetrics(
  devices: readonly { status: DeviceStatus; compliance: DeviceCompliance; warrantyExpiring: boolean }[],
): DeviceMetrics {
  return {
    total: devices.length,
    inUse: devices.filter((d) => d.status === "IN_USE").length,
    available: devices.filter((d) => d.status === "SPARE").length,
    atRisk: devices.filter((d) => d.compliance === "AT_RISK").length,
    warrantyExpiring: devices.filter((d) => d.warrantyExpiring).length,
  };
}
