// The two device rules of spec section 9 and DESIGN.md, in one place for the list, the metrics, the CSV
// export and the assistant: whether a device is compliant, and whether its warranty is expiring.
import {
  COMPLIANCE_CHECKIN_DAYS,
  WARRANTY_EXPIRING_DAYS,
  type DeviceMetrics,
  type DeviceStatus,
} from "@repo/validators";

const DAY_MS = 86_400_000;
/** The provider works in Toronto: "today" for a warranty date is Toronto's calendar day. */
const TIME_ZONE = "America/Toronto";

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

/** Toronto's calendar date (YYYY-MM-DD) at `now`, shifted by `days`. */
export function torontoDate(now: Date, days = 0): string {
  // en-CA formats as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  if (days === 0) return today;
  const shifted = new Date(`${today}T12:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/**
 * Spec section 9, literally: a warranty expiring within the next 30 days or already past, whatever the
 * device's status. A device without a warranty date is not counted.
 */
export function isWarrantyExpiring(device: { warrantyExpiry: string | null }, now: Date): boolean {
  if (!device.warrantyExpiry) return false;
  // ISO dates compare as strings.
  return device.warrantyExpiry <= torontoDate(now, WARRANTY_EXPIRING_DAYS);
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
