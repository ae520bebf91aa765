// CSV for the device inventory: the export's columns and cells, and an RFC 4180 reader for the import.
// Every cell is quoted, and a cell a spreadsheet would run as a formula is neutralised (CSV injection).
import { DEVICE_IMPORT_COLUMNS, DEVICE_SORT_FIELDS, type Device, type DeviceFieldsInput } from "@repo/validators";

/**
 * The export's columns, in order: the company, the device list's columns (those it sorts by), then the
 * rest, then what the server assessed. The import reads the same names (and ignores clientName and the
 * compliance columns).
 */
export const DEVICE_CSV_COLUMNS = [
  "clientName",
  ...DEVICE_SORT_FIELDS,
  "encryptionEnabled",
  "notes",
  "complianceOk",
  "compliance",
  "complianceIssues",
] as const satisfies readonly (keyof Device)[];

/** Characters that make Excel, LibreOffice or Sheets read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a leading formula character is prefixed with a single quote, then the value is quoted. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;

/** The export in chunks (the header, then one chunk of lines per batch of devices), so it can be streamed. */
export async function* deviceCsvChunks(batches: AsyncIterable<readonly Device[]>): AsyncGenerator<string> {
  yield csvLine(DEVICE_CSV_COLUMNS);
  for await (const batch of batches) {
    // The one list-valued column (complianceIssues) becomes one cell, its reasons separated by "; ".
    if (batch.length)
      yield batch.map((device) => csvLine(DEVICE_CSV_COLUMNS.map((column) => flatten(device[column])))).join("");
  }
}

/**
 * The import's template: its columns (every field it reads, serialNumber the only one required) and one
 * example row that passes the import's check, so a person sees each field's format (dates as YYYY-MM-DD,
 * encryption as true or false, a status by its name).
 */
const TEMPLATE_EXAMPLE = {
  assignedUser: "Jordan Lee",
  email: "jordan.lee@example.com",
  deviceType: "laptop",
  platform: "Windows",
  model: "Dell Latitude 5440",
  serialNumber: "EXAMPLE-0001",
  assetTag: "ASSET-0001",
  status: "IN_USE",
  location: "Head office",
  purchaseDate: "2025-01-15",
  warrantyExpiry: "2028-01-15",
  lastCheckIn: "2026-11-20",
  encryptionEnabled: "true",
  notes: "Example row: replace it with your own devices",
} satisfies Record<keyof DeviceFieldsInput, string>;

export function deviceImportTemplate(): string {
  return csvLine(DEVICE_IMPORT_COLUMNS) + csvLine(DEVICE_IMPORT_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column]));
}

const flatten = (value: Device[(typeof DEVICE_CSV_COLUMNS)[number]]) =>
  Array.isArray(value) ? value.join("; ") : value;

/** Undoes csvCell's neutralising quote, so an exported file imports back unchanged. */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export class CsvSyntaxError extends Error {}

export interface CsvRecord {
  /** The line the record starts on (1-based), which is the row number a spreadsheet shows. */
  line: number;
  cells: string[];
}

/**
 * RFC 4180: records separated by CRLF (LF alone accepted), fields by commas, a field in double quotes may
 * hold commas, quotes (doubled) and line breaks. A leading byte-order mark (Excel's UTF-8) is skipped.
 * Blank lines are dropped but still counted, so `line` matches what the user sees in the file.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells });
    cells = [];
    field = "";
  };
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i]!;
    if (c === "\n" || (c === "\r" && input[i + 1] !== "\n")) line += 1;
    if (quoted) {
      if (c !== '"') field += c;
      else if (input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
      continue;
    }
    if (c === "\r" && input[i + 1] === "\n") continue; // CRLF: the LF ends the record
    if (c === '"') {
      if (field !== "") throw new CsvSyntaxError(`Line ${line}: a quote inside an unquoted field`);
      quoted = true;
    } else if (c === ",") {
      cells.push(field);
      field = "";
    } else if (c === "\r" || c === "\n") {
      endRecord();
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (quoted) throw new CsvSyntaxError(`Line ${recordLine}: a quoted field is not closed`);
  if (field !== "" || cells.length > 0) endRecord();
  return records;
}
