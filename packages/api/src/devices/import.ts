// CSV import (docs/features.md §2, settled points): every row is validated first and reported; the file is
// applied only when every row is valid, then in one transaction, upserting by serial number within the row's
// company. Nothing is written for a rejected file or a dry run.
import { and, eq, inArray, sql } from "@repo/db";
import { clients, devices, type Database } from "@repo/db";
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
/** What the import reads: the device's fields and the company a row names (the export's first column). */
type Column = Field | "clientName";

const FIELDS: readonly Field[] = DEVICE_IMPORT_COLUMNS;

/** Header names are matched loosely ("Serial Number", "serial_number", "serialNumber"), plus a few aliases. */
const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const HEADER_ALIASES: Record<string, Column> = {
  ...Object.fromEntries(FIELDS.map((f) => [normaliseName(f), f])),
  clientname: "clientName",
  company: "clientName",
  companyname: "clientName",
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
  /** The company the row names (clientName), blank when it names none. */
  companyName: string;
  fields: DeviceFieldsInput | null;
  errors: string[];
}

/** One CSV record to device fields, with every problem of the row listed (not only the first). */
function parseRow(columns: (Column | null)[], cells: string[], row: number): ParsedRow {
  const errors: string[] = [];
  const raw: Record<string, unknown> = {};
  let companyName = "";
  columns.forEach((field, index) => {
    if (!field) return;
    const cell = unneutralise(cells[index] ?? "").trim();
    if (cell === "") return;
    if (field === "clientName") {
      companyName = cell;
    } else if (field in ENUM_FIELDS) {
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
  return {
    row,
    serialNumber,
    companyName,
    fields: parsed.success && errors.length === 0 ? parsed.data : null,
    errors,
  };
}

function readFile(csv: string): { columns: (Column | null)[]; rows: ParsedRow[] } {
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

/** A company by the name a row gives: exactly as written, else the one company whose name differs only in case. */
async function companiesNamed(db: Database, names: readonly string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const found = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(inArray(sql`lower(${clients.name})`, lowered));
  const byName = new Map<string, string>();
  for (const name of new Set(names)) {
    const exact = found.find((c) => c.name === name);
    const loose = found.filter((c) => c.name.toLowerCase() === name.toLowerCase());
    const company = exact ?? (loose.length === 1 ? loose[0] : undefined);
    if (company) byName.set(name, company.id);
  }
  return byName;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Each row's company (docs/features.md §2, CSV import). Staff: the company its clientName names (an unknown
 * name refuses the row), or the company chosen for the file when the cell is empty. A client: its own,
 * and a clientName other than its own company's name refuses the row, so a file meant for another company
 * is never filed under the client's.
 */
async function assignCompanies(
  db: Database,
  scope: Scope,
  requestedClientId: string | undefined,
  rows: readonly ParsedRow[],
): Promise<Map<ParsedRow, string>> {
  const companyOf = new Map<ParsedRow, string>();
  if (scope.kind === "company") {
    const [own] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, scope.clientId));
    for (const r of rows) {
      if (r.companyName === "" || sameName(r.companyName, own!.name)) companyOf.set(r, scope.clientId);
      else r.errors.push(`clientName: "${r.companyName}" is not your company; leave it empty or write "${own!.name}"`);
    }
    return companyOf;
  }
  const needsChosen = rows.some((r) => r.companyName === "");
  // A company chosen for the file is checked even when every row names its own: a wrong id is a mistake.
  const chosen =
    requestedClientId?.trim() || needsChosen ? (await deviceOwner(db, scope, requestedClientId)).clientId : undefined;
  const named = await companiesNamed(
    db,
    rows.map((r) => r.companyName).filter((name) => name !== ""),
  );
  for (const r of rows) {
    const company = r.companyName === "" ? chosen : named.get(r.companyName);
    if (company) companyOf.set(r, company);
    else r.errors.push(`clientName: no company is named "${r.companyName}"`);
  }
  return companyOf;
}

/** The stored values of a device, compared as the import writes them. */
const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * `requestedClientId`: for staff, the company of the rows that name none; a company scope imports into its
 * own. An export of the inventory imports back unchanged: each row goes to the company it names, and a row
 * that holds a device's values already is "unchanged" and not written.
 */
export async function importDevices(
  db: Database,
  scope: Scope,
  requestedClientId: string | undefined,
  csv: string,
  options: { dryRun: boolean },
): Promise<DeviceImportResult> {
  const { columns, rows } = readFile(csv);
  const companyOf = await assignCompanies(db, scope, requestedClientId, rows);
  const key = (company: string, serial: string) => `${company} ${serial}`;

  // A serial number twice for one company would make the outcome depend on row order: refuse it.
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const company = companyOf.get(r);
    if (!r.serialNumber || !company) continue;
    const first = firstRowOf.get(key(company, r.serialNumber));
    if (first === undefined) firstRowOf.set(key(company, r.serialNumber), r.row);
    else r.errors.push(`serialNumber: ${r.serialNumber} also appears on row ${first}`);
  }

  const serials = [...new Set(rows.flatMap((r) => (r.serialNumber ? [r.serialNumber] : [])))];
  const companies = [...new Set(companyOf.values())];
  const existing = new Map(
    serials.length === 0 || companies.length === 0
      ? []
      : (
          await db
            .select()
            .from(devices)
            .where(and(inArray(devices.clientId, companies), inArray(devices.serialNumber, serials)))
        ).map((d) => [key(d.clientId, d.serialNumber), d]),
  );
  const current = (r: ParsedRow) => {
    const company = companyOf.get(r);
    return company && r.serialNumber ? existing.get(key(company, r.serialNumber)) : undefined;
  };

  // A serial new to its company must not be one another company holds (the rule of add and edit), nor one
  // another row of the file gives to another company.
  const revealHolder = scope.kind !== "company";
  const rowsBySerial = new Map<string, ParsedRow[]>();
  for (const r of rows) {
    if (!r.serialNumber || !companyOf.has(r)) continue;
    const same = rowsBySerial.get(r.serialNumber);
    if (same) same.push(r);
    else rowsBySerial.set(r.serialNumber, [r]);
  }
  const newRows = rows.filter((r) => r.serialNumber && companyOf.has(r) && !current(r));
  for (const company of new Set(newRows.map((r) => companyOf.get(r)!))) {
    const mine = newRows.filter((r) => companyOf.get(r) === company);
    const held = await serialsHeldElsewhere(
      db,
      { clientId: company, revealHolder },
      mine.map((r) => r.serialNumber!),
    );
    for (const r of mine) {
      const message = held.get(r.serialNumber!);
      if (message) r.errors.push(`serialNumber: ${message}`);
      const other = rowsBySerial.get(r.serialNumber!)!.find((o) => companyOf.get(o) !== company);
      if (other) {
        r.errors.push(
          `serialNumber: ${r.serialNumber} is given to another company on row ${other.row}; a device belongs to one company at a time`,
        );
      }
    }
  }

  // Columns the file has replace stored values (an empty cell clears); columns it lacks are kept.
  const present = new Set(columns.filter((c): c is Field => c !== null && c !== "clientName"));
  const changesOf = (r: ParsedRow) =>
    Object.fromEntries(Object.entries(deviceColumns(r.fields!)).filter(([column]) => present.has(column as Field)));
  const statusOf = (r: ParsedRow): DeviceImportRow["status"] => {
    if (r.errors.length > 0) return "error";
    const stored = current(r);
    if (!stored) return "created";
    const changes = changesOf(r);
    return Object.keys(changes).every((column) => sameValue(changes[column], stored[column as Field]))
      ? "unchanged"
      : "updated";
  };
  const report: DeviceImportRow[] = rows.map((r) => ({
    row: r.row,
    serialNumber: r.serialNumber,
    status: statusOf(r),
    errors: r.errors,
  }));
  const tally = (status: DeviceImportRow["status"]) => report.filter((r) => r.status === status).length;
  const failed = tally("error");
  const applied = failed === 0 && !options.dryRun;

  if (applied) {
    await db.transaction(async (tx) => {
      for (const [index, r] of rows.entries()) {
        // An unchanged device keeps its version, so an edit open on it elsewhere is not made stale.
        if (report[index]!.status === "unchanged") continue;
        await tx
          .insert(devices)
          .values({ ...deviceColumns(r.fields!), clientId: companyOf.get(r)! })
          .onConflictDoUpdate({
            target: [devices.clientId, devices.serialNumber],
            set: { ...changesOf(r), updatedAt: sql`now()` },
          });
      }
    });
  }

  return {
    applied,
    dryRun: options.dryRun,
    created: tally("created"),
    updated: tally("updated"),
    unchanged: tally("unchanged"),
    failed,
    rows: report,
  };
}
