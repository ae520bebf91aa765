// Devices (docs/product-spec.md §3 and §9): the edit form and the list's query, a device as the API returns
// it, the inventory metrics, adding a device and the CSV import.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { reportedFactsSchema } from "./device-checkin.js";
import { deviceComplianceSchema, devicePlatformSchema, deviceStatusSchema, deviceTypeSchema } from "./enums.js";
import { idText, optionalEmail, optionalText, required } from "./fields.js";
import { optionalPageParams, pageParams, pageSchema } from "./paging.js";
import { DEVICE_FLAGS } from "./labels.js";
import { DATE_YEARS, isSaneDate, text } from "./text.js";
import { basedOnVersion, isoDate, isoTimestamp, quantity, rowVersion } from "./wire.js";

/** A calendar date (YYYY-MM-DD) or a full ISO timestamp; the form sends dates as dates. */
const dateInput = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine(isSaneDate, `Dates must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

export const deviceFieldsSchema = z.object({
  assignedUser: optionalText(MAX_LENGTHS.name),
  email: optionalEmail,
  deviceType: deviceTypeSchema.optional(),
  platform: devicePlatformSchema.optional(),
  model: optionalText(),
  serialNumber: required("Serial number is required"),
  assetTag: optionalText(),
  status: deviceStatusSchema.default("IN_USE"),
  location: optionalText(),
  purchaseDate: dateInput.optional().nullable(),
  warrantyExpiry: dateInput.optional().nullable(),
  lastCheckIn: dateInput.optional().nullable(),
  encryptionEnabled: z.boolean().optional(),
  notes: optionalText(MAX_LENGTHS.long),
});
export type DeviceFieldsInput = z.infer<typeof deviceFieldsSchema>;

/** A device edit (PUT /api/devices/{id}): every field, and the version it was based on, if any. */
export const deviceUpdateInputSchema = deviceFieldsSchema.extend({ version: basedOnVersion() });
export type DeviceUpdateInput = z.infer<typeof deviceUpdateInputSchema>;

/** The inventory sorts by any field of a device but the encryption flag and the notes. */
export const deviceSortSchema = deviceFieldsSchema.keyof().exclude(["encryptionEnabled", "notes"]);
export const DEVICE_SORT_FIELDS = deviceSortSchema.options;
export type DeviceSort = z.infer<typeof deviceSortSchema>;

/** The inventory's "Check-in" filter: a flag a device carries. */
export const deviceFlagSchema = z.enum(DEVICE_FLAGS);

export const deviceListQuerySchema = z.object({
  clientId: idText().optional(),
  sort: deviceSortSchema.default("assignedUser"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  q: text(MAX_LENGTHS.search).trim().optional(),
  status: z.union([deviceStatusSchema, z.literal("all")]).optional(),
  /** The check-in flags (docs/features.md §12): devices marked stale, or added by a check-in and not yet reviewed. */
  flag: z.union([deviceFlagSchema, z.literal("all")]).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** A device as the API returns it: every field of docs/product-spec.md §3, its company, and complianceOk. */
export const deviceSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  assignedUser: z.string().nullable(),
  email: z.string().nullable(),
  deviceType: deviceTypeSchema.nullable(),
  platform: devicePlatformSchema.nullable(),
  model: z.string().nullable(),
  serialNumber: z.string(),
  assetTag: z.string().nullable(),
  status: deviceStatusSchema,
  location: z.string().nullable(),
  purchaseDate: isoDate().nullable(),
  warrantyExpiry: isoDate().nullable(),
  lastCheckIn: isoTimestamp().nullable(),
  encryptionEnabled: z.boolean(),
  notes: z.string().nullable(),
  /**
   * The spec's flag: false means "At Risk". True for a compliant device and for a RETIRED one, which is
   * not assessed and never counted at risk; `compliance` tells the two apart (docs/architecture.md §7).
   */
  /**
   * Device check-in (docs/features.md §12): the last check-in's facts (its keys are the fields that came
   * from the device) and when; null for a device only typed in. `stale`: no check-in for the setting's
   * days; `needsReview`: added by a check-in, for staff to look at.
   */
  facts: reportedFactsSchema.nullable(),
  factsAt: isoTimestamp().nullable(),
  stale: z.boolean(),
  needsReview: z.boolean(),
  complianceOk: z.boolean(),
  /** Beyond the spec, additive: COMPLIANT, AT_RISK or NOT_ASSESSED (RETIRED). */
  compliance: deviceComplianceSchema,
  /** Why an AT_RISK device is at risk, in words ("Disk not encrypted"); empty otherwise. */
  complianceIssues: z.array(z.string()),
  /** Warranty expiry within the next 30 days or already past (docs/product-spec.md §9). */
  warrantyExpiring: z.boolean(),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
  version: rowVersion(),
});
export type Device = z.infer<typeof deviceSchema>;

/** GET /api/devices: the list's query, and optionally one page of it (a list still). */
export const deviceListPageableQuerySchema = deviceListQuerySchema.extend(optionalPageParams);

/** A page of the inventory: enough rows to fill a screen, few enough to stay quick at any size. */
export const DEVICE_PAGE_SIZE = 50;

/** GET /api/devices/page: a page of the list, with the cursor of the next. */
export const devicePageQuerySchema = deviceListQuerySchema.extend(pageParams(DEVICE_PAGE_SIZE));
export type DevicePageQuery = z.infer<typeof devicePageQuerySchema>;
export const devicePageSchema = pageSchema("devices", deviceSchema);
export type DevicePage = z.infer<typeof devicePageSchema>;

/** A device's check-in history (GET /api/devices/{id}/history): newest first, a page at a time, 90 days kept. */
export const DEVICE_HISTORY_PAGE_SIZE = 20;
export const deviceHistoryQuerySchema = z.object({ id: z.string(), ...pageParams(DEVICE_HISTORY_PAGE_SIZE) });
export const deviceCheckinSchema = z.object({
  id: z.string(),
  reportedAt: isoTimestamp(),
  facts: reportedFactsSchema,
});
export type DeviceCheckin = z.infer<typeof deviceCheckinSchema>;
export const deviceHistoryPageSchema = pageSchema("checkins", deviceCheckinSchema);
export type DeviceHistoryPage = z.infer<typeof deviceHistoryPageSchema>;

/** The inventory counters of docs/product-spec.md §9; `available` is the SPARE count. */
export const deviceMetricsSchema = z.object({
  total: quantity(),
  inUse: quantity(),
  available: quantity(),
  atRisk: quantity(),
  warrantyExpiring: quantity(),
});
export type DeviceMetrics = z.infer<typeof deviceMetricsSchema>;

/** Adding a device: a CLIENT adds to its own company (clientId ignored); staff must name the company. */
export const deviceCreateInputSchema = deviceFieldsSchema.extend({
  clientId: idText().optional(),
});
export type DeviceCreateInput = z.infer<typeof deviceCreateInputSchema>;

/**
 * The columns the CSV import reads, in the order the template gives them: every field of the edit form.
 * The import also accepts the export's file and loose header spellings: of the export's other columns it
 * reads `clientName` (the row's company, docs/features.md §2) and ignores the rest.
 */
export const DEVICE_IMPORT_COLUMNS = Object.keys(deviceFieldsSchema.shape) as (keyof DeviceFieldsInput)[];

/** Largest CSV accepted by the import, in rows (a 3-30 person team has far fewer devices). */
export const DEVICE_IMPORT_MAX_ROWS = 5000;
/** Largest CSV accepted by the import, in characters. */
export const DEVICE_IMPORT_MAX_CHARS = 2_000_000;

export const deviceImportInputSchema = z.object({
  csv: text(DEVICE_IMPORT_MAX_CHARS, "CSV text is required")
    .min(1, "CSV text is required")
    .max(DEVICE_IMPORT_MAX_CHARS, "The file is too large"),
  /**
   * Staff: the company of the rows whose clientName is empty (a row that names a company goes to it). A
   * CLIENT always imports into its own company.
   */
  clientId: idText().optional(),
  /** Validate and report only; nothing is written. */
  dryRun: z.boolean().default(false),
});
export type DeviceImportInput = z.infer<typeof deviceImportInputSchema>;

export const deviceImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1, the first device row 2. */
  row: z.number().int(),
  serialNumber: z.string().nullable(),
  /** `unchanged`: the device exists and the row holds its values already, so nothing is written for it. */
  status: z.enum(["created", "updated", "unchanged", "error"]),
  errors: z.array(z.string()),
});
export type DeviceImportRow = z.infer<typeof deviceImportRowSchema>;

export const deviceImportResultSchema = z.object({
  /** true when every row was valid and all of them were written in one transaction. */
  applied: z.boolean(),
  dryRun: z.boolean(),
  created: quantity(),
  updated: quantity(),
  unchanged: quantity(),
  failed: quantity(),
  rows: z.array(deviceImportRowSchema),
});
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;
