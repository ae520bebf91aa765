// Device check-in (docs/features.md §12): what a check-in script sends, the enrolment tokens that let it,
// and the settings that judge the facts. Every field is bounded and the objects are strict, so a payload
// with an unknown key, a huge value or a wrong type is refused before anything is read from it.
import { z } from "zod";
import type { DevicePlatform } from "./enums.js";
import { isoTimestamp } from "./wire.js";

/** The check-in body's limit in bytes: a real payload is about 1 KB. */
export const CHECKIN_MAX_BYTES = 16 * 1024;

/** Text from a device: printable, bounded, no NUL or other control characters. */
const fact = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "must not contain control characters");

const factTimestamp = z.iso.datetime({ offset: true, message: "must be an ISO 8601 timestamp" });
const bytes = z
  .number()
  .int("must be a whole number")
  .min(0)
  .max(2 ** 53 - 1);

export const checkinPayloadSchema = z.strictObject({
  hostname: fact(255),
  serial: fact(128),
  manufacturer: fact(128).optional(),
  model: fact(128).optional(),
  os: fact(128),
  osBuild: fact(128).optional(),
  lastBoot: factTimestamp.optional(),
  signedInUser: fact(255).optional(),
  encryption: z.strictObject({ kind: fact(64), enabled: z.boolean() }).optional(),
  antivirus: z
    .strictObject({
      name: fact(128),
      enabled: z.boolean(),
      signatureAgeDays: z.number().int("must be a whole number").min(0).max(36_500).optional(),
    })
    .optional(),
  lastUpdateAt: factTimestamp.optional(),
  diskTotalBytes: bytes.optional(),
  diskFreeBytes: bytes.optional(),
  ipAddresses: z.array(fact(45)).max(32, "at most 32 addresses").optional(),
});
export type CheckinPayload = z.infer<typeof checkinPayloadSchema>;

/**
 * The facts as the API answers them (a device's `facts`): the payload's fields without its input checks,
 * so a stored payload always reads back.
 */
export const reportedFactsSchema = z.object({
  hostname: z.string(),
  serial: z.string(),
  manufacturer: z.string().optional(),
  model: z.string().optional(),
  os: z.string(),
  osBuild: z.string().optional(),
  lastBoot: z.string().optional(),
  signedInUser: z.string().optional(),
  encryption: z.object({ kind: z.string(), enabled: z.boolean() }).optional(),
  antivirus: z.object({ name: z.string(), enabled: z.boolean(), signatureAgeDays: z.number().optional() }).optional(),
  lastUpdateAt: z.string().optional(),
  diskTotalBytes: z.number().optional(),
  diskFreeBytes: z.number().optional(),
  ipAddresses: z.array(z.string()).optional(),
});

export type ReportedFacts = z.infer<typeof reportedFactsSchema>;

/** The platform an OS name says, if it says one the inventory knows. */
export function platformOf(os: string): DevicePlatform | undefined {
  if (/windows/i.test(os)) return "Windows";
  if (/mac\s?os|os x|darwin/i.test(os)) return "macOS";
  if (/chrome\s?os/i.test(os)) return "ChromeOS";
  if (/android/i.test(os)) return "Android";
  if (/ios|ipados/i.test(os)) return "iOS";
  if (/linux|ubuntu|debian|fedora|red hat|rhel|centos|suse|arch|alpine|rocky|alma/i.test(os)) return "Linux";
  return undefined;
}

/**
 * The typed columns a check-in's facts overwrite, with their values: only those it reports. The check-in
 * writes them (api devices/checkin.ts) and the device's page reads the same keys to say which values came
 * from the device, so the two cannot disagree. Besides these, a check-in always sets the serial (the
 * device's key) and the last check-in.
 */
export function factColumns(facts: ReportedFacts) {
  const model = [facts.manufacturer, facts.model].filter(Boolean).join(" ");
  const platform = platformOf(facts.os);
  return {
    ...(model ? { model } : {}),
    ...(facts.signedInUser ? { assignedUser: facts.signedInUser } : {}),
    ...(platform ? { platform } : {}),
    ...(facts.encryption ? { encryptionEnabled: facts.encryption.enabled } : {}),
  };
}

/** What a check-in answers: the device it updated, and whether it was new. */
export const checkinResultSchema = z.object({ deviceId: z.string(), created: z.boolean() });
export type CheckinResult = z.infer<typeof checkinResultSchema>;

export const enrolmentTokenCreateInputSchema = z.object({
  clientId: z.string().uuid(),
  label: fact(100),
});
export const enrolmentTokenListInputSchema = z.object({ clientId: z.string().uuid() });
export const enrolmentTokenRevokeInputSchema = z.object({ id: z.string().uuid() });

export const enrolmentTokenSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  label: z.string(),
  createdAt: isoTimestamp(),
  revokedAt: isoTimestamp().nullable(),
  lastUsedAt: isoTimestamp().nullable(),
});
export type EnrolmentToken = z.infer<typeof enrolmentTokenSchema>;
/** The create answer is the only place the secret ever appears. */
export const createdEnrolmentTokenSchema = enrolmentTokenSchema.extend({ secret: z.string() });

/** The thresholds check-in compliance uses, and the switches; an admin setting (app_settings "checkin"). */
export const checkinSettingsSchema = z.object({
  staleAfterDays: z.number().int().min(1).max(365),
  antivirusMaxAgeDays: z.number().int().min(1).max(365),
  updateMaxAgeDays: z.number().int().min(1).max(365),
  complianceTickets: z.boolean(),
});
export type CheckinSettings = z.infer<typeof checkinSettingsSchema>;
export const CHECKIN_SETTINGS_DEFAULTS: CheckinSettings = {
  staleAfterDays: 14,
  antivirusMaxAgeDays: 7,
  updateMaxAgeDays: 30,
  complianceTickets: true,
};

/** What a device's check-in can find wrong; one compliance ticket per device and problem. */
export const CHECKIN_PROBLEMS = ["encryption", "antivirus", "updates"] as const;
export type CheckinProblem = (typeof CHECKIN_PROBLEMS)[number];
