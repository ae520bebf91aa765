// The two device rules of docs/product-spec.md §9 and docs/architecture.md, in one place for the list, the metrics, the CSV
// export and the assistant: whether a device is compliant, and whether its warranty is expiring.
import {
  CHECKIN_SETTINGS_DEFAULTS,
  type CheckinPayload,
  type CheckinProblem,
  type CheckinSettings,
  COMPLIANCE_CHECKIN_DAYS,
  WARRANTY_EXPIRING_DAYS,
  type DeviceCompliance,
  type DeviceMetrics,
  type DeviceStatus,
} from "@repo/validators";
import { and, devices, isNotNull, isNull, lt, lte, ne, not, or, sql, type SQL } from "@repo/db";
import { localDateAfter } from "../sla/calendar.js";

const DAY_MS = 86_400_000;

interface ComplianceFields {
  status: DeviceStatus;
  encryptionEnabled: boolean;
  lastCheckIn: Date | null;
  /** The last check-in's facts (docs/features.md §12); a device only ever typed in has none. */
  facts?: CheckinPayload | null;
}

type Thresholds = Pick<CheckinSettings, "antivirusMaxAgeDays" | "updateMaxAgeDays">;

const PROBLEM_ISSUES: Record<CheckinProblem, (facts: CheckinPayload, now: Date) => string> = {
  encryption: () => "Disk not encrypted",
  antivirus: (facts) =>
    facts.antivirus?.enabled === false
      ? "Antivirus off"
      : `Antivirus signatures ${facts.antivirus?.signatureAgeDays} days old`,
  updates: (facts, now) => `No update for ${daysSince(facts.lastUpdateAt!, now)} days`,
};

const daysSince = (iso: string, now: Date) => Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS);

/**
 * What a check-in's facts find wrong, by the settings' thresholds. A fact the device did not report is
 * no problem here (the typed value, if any, still counts in assessCompliance). Each problem opens its
 * own ticket (devices/compliance-tickets.ts).
 */
export function factProblems(
  facts: CheckinPayload,
  now: Date,
  thresholds: Thresholds = CHECKIN_SETTINGS_DEFAULTS,
): CheckinProblem[] {
  const problems: CheckinProblem[] = [];
  if (facts.encryption && !facts.encryption.enabled) problems.push("encryption");
  const av = facts.antivirus;
  if (av && (!av.enabled || (av.signatureAgeDays ?? 0) > thresholds.antivirusMaxAgeDays)) problems.push("antivirus");
  if (facts.lastUpdateAt && Date.parse(facts.lastUpdateAt) < now.getTime() - thresholds.updateMaxAgeDays * DAY_MS)
    problems.push("updates");
  return problems;
}

/** The inventory's words for a problem found by a check-in. */
export function problemIssue(problem: CheckinProblem, facts: CheckinPayload, now: Date): string {
  return PROBLEM_ISSUES[problem](facts, now);
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
export function assessCompliance(
  device: ComplianceFields,
  now: Date,
  thresholds: Thresholds = CHECKIN_SETTINGS_DEFAULTS,
): ComplianceAssessment {
  if (device.status === "RETIRED") return { compliance: "NOT_ASSESSED", issues: [] };
  const issues: string[] = [];
  if (!device.encryptionEnabled) issues.push("Disk not encrypted");
  // A check-in's facts add their own checks; encryption is already the typed column, which facts overwrite.
  if (device.facts) {
    for (const problem of factProblems(device.facts, now, thresholds)) {
      if (problem !== "encryption") issues.push(problemIssue(problem, device.facts, now));
    }
  }
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

/** assessCompliance's AT_RISK in SQL, for counting without reading every device: the same checks. */
export function atRiskCondition(now: Date, thresholds: Thresholds = CHECKIN_SETTINGS_DEFAULTS): SQL {
  const updatesBefore = new Date(now.getTime() - thresholds.updateMaxAgeDays * DAY_MS).toISOString();
  return and(
    ne(devices.status, "RETIRED"),
    or(
      not(devices.encryptionEnabled),
      isNull(devices.lastCheckIn),
      lt(devices.lastCheckIn, new Date(now.getTime() - COMPLIANCE_CHECKIN_DAYS * DAY_MS)),
      // The facts were validated on the way in, so these casts cannot fail.
      sql`(${devices.facts} -> 'antivirus' ->> 'enabled') = 'false'`,
      sql`(${devices.facts} -> 'antivirus' ->> 'signatureAgeDays')::int > ${thresholds.antivirusMaxAgeDays}`,
      sql`(${devices.facts} ->> 'lastUpdateAt')::timestamptz < ${updatesBefore}::timestamptz`,
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
