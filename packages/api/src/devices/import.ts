// CSV import (docs/architecture.md, settled points): every row is validated first and reported; the file is applied
// only when every row is valid, then in one transaction, upserting by serial number within the company.
// Nothing is written for a rejected file or a dry run.
import { and, eq, inArray, sql } from "@repo/db";
import { devices, type Database } from "@repo/db";
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_PLATFORMS,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  deviceFieldsSchema,
  type DeviceFieldsInput,
  type DeviceImportResult,
  type DeviceImportRow,
} from "@repo/validators";
import { CsvSyntaxError, parseCsv, unneutralise } from "./csv.js";
import { deviceColumns, deviceOwner } from "./inventory.js";
import { serialsHeldElsewhere } from "./serial-numbers.js";
import type { Scope } from "../auth/scope.js";
import { InvalidError } from "../errors.js";

type Field = keyof DeviceFieldsInput;

const FIELDS: readonly Field[] = DEVICE_IMPORT_COLUMNS;

/** Header names are matched loosely ("Serial Number", "serial_number", "serialNumber"), plus a few aliases. */
const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const HEADER_ALIASES: Record<string, Field> = {
  ...Object.fromEntries(FIELDS.map((f) => [normaliseName(f), f])),
  serial: "serialNumber",
  serialno: "serialNumber",
  user: "assignedUser",
  type: "deviceType",
  os: "platform",
  warranty: "warrantyExpiry",
  encrypted: "encryptionEnabled",
  encryption: "encryptionEnabled",
};

/** Enum cells are matched ignoring case and spacing; a status may also be written as its label ("Available"). */
function enumMatcher<T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}) {
  const byName = new Map<string, T>();
  for (const v of values) {
    byName.set(normaliseName(v), v);
    if (labels[v]) byName.set(normaliseName(labels[v]), v);
  }
  return (cell: string) => byName.get(normaliseName(cell));
}
const ENUM_FIELDS = {
  deviceType: { match: enumMatcher(DEVICE_TYPES), allowed: DEVICE_TYPES },
  platform: { match: enumMatcher(DEVICE_PLATFORMS), allowed: DEVICE_PLATFORMS },
  status: { match: enumMatcher(DEVICE_STATUSES, DEVICE_STATUS_LABELS), allowed: DEVICE_STATUSES },
} as const;

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);
const DATE_FIELDS = new Set<Field>(["purchaseDate", "warrantyExpiry", "lastCheckIn"]);

interface ParsedRow {
  row: number;
  serialNumber: string | null;
  fields: DeviceFieldsInput | null;
  errors: string[];
}

/** One CSV record to device fields, with every problem of the row listed (not only the first). */
function parseRow(columns: (Field | null)[], cells: string[], row: number): ParsedRow {
  const errors: string[] = [];
  const raw: Record<string, unknown> = {};
  columns.forEach((field, index) => {
    if (!field) return;
    const cell = unneutralise(cells[index] ?? "").trim();
    if (cell === "") return;
    if (field in ENUM_FIELDS) {
      const { match, allowed } = ENUM_FIELDS[field as keyof typeof ENUM_FIELDS];
      const value = match(cell);
      if (value) raw[field] = value;
      else errors.push(`${field}: "${cell}" is not one of ${allowed.join(", ")}`);
    } else if (field === "encryptionEnabled") {
      const word = cell.toLowerCase();
      if (TRUE_WORDS.has(word)) raw[field] = true;
      else if (FALSE_WORDS.has(word)) raw[field] = false;
      else errors.push(`encryptionEnabled: "${cell}" must be true or false`);
    } else {
      raw[field] = cell;
    }
  });
  const parsed = deviceFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors.push(DATE_FIELDS.has(field) ? `${field}: must be a date as YYYY-MM-DD` : `${field}: ${issue.message}`);
    }
  }
  const serialNumber = typeof raw.serialNumber === "string" ? raw.serialNumber : null;
  return { row, serialNumber, fields: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}

function readFile(csv: string): { columns: (Field | null)[]; rows: ParsedRow[] } {
  let records;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new InvalidError(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  const columns = (header?.cells ?? []).map((name) => HEADER_ALIASES[normaliseName(name)] ?? null);
  if (!columns.includes("serialNumber")) {
    throw new InvalidError("The CSV needs a header row with a serialNumber column");
  }
  if (body.length === 0) throw new InvalidError("The CSV has no device rows");
  if (body.length > DEVICE_IMPORT_MAX_ROWS) {
    throw new InvalidError(`The CSV has more than ${DEVICE_IMPORT_MAX_ROWS} device rows`);
  }
  return { columns, rows: body.map((r) => parseRow(columns, r.cells, r.line)) };
}

/** `requestedClientId`: the company staff import into; a company scope imports into its own. */
export async function importDevices(
  db: Database,
  scope: Scope,
  requestedClientId: string | undefined,
  csv: string,
  options: { dryRun: boolean },
): Promise<DeviceImportResult> {
  const owner = await deviceOwner(db, scope, requestedClientId);
  const { clientId } = owner;
  const { columns, rows } = readFile(csv);

  // A serial number twice in one file would make the outcome depend on row order: refuse it.
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    if (!r.serialNumber) continue;
    const first = firstRowOf.get(r.serialNumber);
    if (first === undefined) firstRowOf.set(r.serialNumber, r.row);
    else r.errors.push(`serialNumber: ${r.serialNumber} also appears on row ${first}`);
  }

  const serials = [...firstRowOf.keys()];
  const existing = new Set(
    serials.length === 0
      ? []
      : (
          await db
            .select({ serialNumber: devices.serialNumber })
            .from(devices)
            .where(and(eq(devices.clientId, clientId), inArray(devices.serialNumber, serials)))
        ).map((d) => d.serialNumber),
  );

  // A serial new to this company must not be one another company holds (the rule of add and edit).
  const held = await serialsHeldElsewhere(
    db,
    owner,
    serials.filter((serial) => !existing.has(serial)),
  );
  for (const r of rows) {
    const message = r.serialNumber === null ? undefined : held.get(r.serialNumber);
    if (message) r.errors.push(`serialNumber: ${message}`);
  }

  const report: DeviceImportRow[] = rows.map((r) => ({
    row: r.row,
    serialNumber: r.serialNumber,
    status: r.errors.length > 0 ? "error" : existing.has(r.serialNumber!) ? "updated" : "created",
    errors: r.errors,
  }));
  const failed = report.filter((r) => r.status === "error").length;
  const applied = failed === 0 && !options.dryRun;

  if (applied) {
    // Columns the file has replace stored values (an empty cell clears); columns it lacks are kept.
    const present = new Set(columns.filter((c): c is Field => c !== null));
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const values = deviceColumns(r.fields!);
        const changes = Object.fromEntries(Object.entries(values).filter(([key]) => present.has(key as Field)));
        await tx
          .insert(devices)
          .values({ ...values, clientId })
          .onConflictDoUpdate({
            target: [devices.clientId, devices.serialNumber],
            set: { ...changes, updatedAt: sql`now()` },
          });
      }
    });
  }

  return {
    applied,
    dryRun: options.dryRun,
    created: report.filter((r) => r.status === "created").length,
    updated: report.filter((r) => r.status === "updated").length,
    failed,
    rows: report,
  };
}
