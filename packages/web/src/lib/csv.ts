// CSV written in the browser (a report's figures), as RFC 4180 wants it: every cell quoted, quotes doubled,
// lines ended with CRLF. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, return first)
// gets a leading apostrophe, as the server's device export does (OWASP's CSV injection advice); a
// number is written as it is.
type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return '""';
  const text = typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
