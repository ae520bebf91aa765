// The two device rules of docs/product-spec.md §9 and docs/architecture.md, in one place for the list, the metrics, the CSV
// export and the assistant: whether a device is compliant, and whether its warranty is expiring.
import {
  COMPLIANCE_CHECKIN_DAYS,
  WARRANTY_EXPIRING_DAYS,
  type DeviceMetrics,
  type DeviceStatus,
} from "@repo/validators";
import { localDateAfter } from "../sla/calendar.js";

const DAY_MS = 86_400_000;

interface ComplianceFields {
  status: DeviceStatus;
  encryptionEnabled: boolean;
  lastCheckIn: Date | null;
}

/**
 * Compliant = disk encryption on and a check-in within the last 30 days. A RETIRED device is out of
 * service (wiped, in storage), so it is never "At Risk": complianceOk is true for it and it is never
 * counted in atRisk. One rule, used everywhere.
 */
export function isCompliant(device: ComplianceFields, now: Date): boolean {
  if (device.status === "RETIRED") return true;
  if (!device.encryptionEnabled || !device.lastCheckIn) return false;
  return device.lastCheckIn.getTime() >= now.getTime() - COMPLIANCE_CHECKIN_DAYS * DAY_MS;
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

/** The inventory counters over devices already carrying the two flags. */
export function deviceMetrics(
  devices: readonly { status: DeviceStatus; complianceOk: boolean; warrantyExpiring: boolean }[],
): DeviceMetrics {
  return {
    total: devices.length,
    inUse: devices.filter((d) => d.status === "IN_USE").length,
    available: devices.filter((d) => d.status === "SPARE").length,
    atRisk: devices.filter((d) => !d.complianceOk).length,
    warrantyExpiring: devices.filter((d) => d.warrantyExpiring).length,
  };
}
