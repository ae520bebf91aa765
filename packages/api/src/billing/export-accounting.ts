// The accounting export (docs/decisions/0042-billing.md): a month's approved invoices and credit notes as
// CSV files in QuickBooks Online's invoice import layout and Xero's sales invoice import template, with
// the customers (contacts) they name. Column names are the vendors' own, as their templates spell them.
// Each line's amount is sent as it stands on the invoice: a line whose amount is not its quantity times
// its unit price (a prorated month, time priced by the minute) goes as one unit at its amount, so
// neither program re-rounds it and the totals match ours to the cent. Approved invoices never change, so
// a second export of the month sends the same rows; each export is recorded with a hash of its bytes.
import { createHash } from "node:crypto";
import {
  and,
  asc,
  between,
  billingExports,
  clients,
  desc,
  eq,
  inArray,
  invoiceLines,
  invoices,
  or,
  users,
  type DbExecutor,
} from "@repo/db";
import { formatMinutes, monthBounds } from "@repo/validators";
import { csvCell } from "../devices/csv.js";
import { readBillingSettings } from "./settings.js";

export const EXPORT_FILES = ["quickbooks-invoices", "quickbooks-customers", "xero-invoices", "xero-contacts"] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

/** QuickBooks Online's invoice import file (Canada: a tax code and tax amount per line). */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  "*InvoiceNo",
  "*Customer",
  "*InvoiceDate",
  "*DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "*ItemAmount",
  "*ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
  "Service Date",
] as const;

/** QuickBooks Online's customer import columns. */
export const QUICKBOOKS_CUSTOMER_COLUMNS = [
  "Name",
  "Company",
  "Email",
  "Phone",
  "Mobile",
  "Fax",
  "Website",
  "Street",
  "City",
  "Province",
  "Postal Code",
  "Country",
  "Opening Balance",
  "Opening Balance As Of",
] as const;

/** Xero's sales invoice import template (SalesInvoiceTemplate.csv). */
export const XERO_INVOICE_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** The first columns of Xero's contact import template (ContactsImportTemplate.csv), those we hold. */
export const XERO_CONTACT_COLUMNS = [
  "*ContactName",
  "AccountNumber",
  "EmailAddress",
  "FirstName",
  "LastName",
  "POAttentionTo",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
] as const;

/** A header as the vendor's template spells it. */
const headerLine = (columns: readonly string[]) => `${columns.join(",")}\r\n`;
/** A row: amounts and counts bare (a credit's minus sign is a number's, not a formula's), text quoted. */
const csvLine = (cells: readonly (string | number | null)[]) =>
  `${cells.map((c) => (typeof c === "number" || (c !== null && /^-?\d+\.\d{2}$/.test(c)) ? String(c) : csvCell(c))).join(",")}\r\n`;

/** Both programs read day/month/year in a Canadian file. */
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const dollars = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

interface ExportLine {
  description: string;
  quantity: number;
  quantityUnit: "each" | "minutes";
  unitPriceCents: number;
  amountCents: number;
  taxable: boolean;
}

/** A line as both programs take it: quantity and unit price that multiply to the line's amount exactly. */
function priced(line: ExportLine): { description: string; quantity: number; unitCents: number } {
  const description =
    line.quantityUnit === "minutes" ? `${line.description}: ${formatMinutes(line.quantity)}` : line.description;
  if (line.quantityUnit === "each" && line.quantity * line.unitPriceCents === line.amountCents)
    return { description, quantity: line.quantity, unitCents: line.unitPriceCents };
  return { description, quantity: 1, unitCents: line.amountCents };
}

/** A line's share of the invoice's tax: the invoice's tax spread over its taxable lines, the last taking the rest. */
function lineTaxes(lines: ExportLine[], taxCents: number): number[] {
  const base = lines.reduce((sum, l) => sum + (l.taxable ? l.amountCents : 0), 0);
  const shares = lines.map((l) => (l.taxable && base !== 0 ? Math.trunc((taxCents * l.amountCents) / base) : 0));
  let lastTaxable = -1;
  lines.forEach((l, i) => {
    if (l.taxable) lastTaxable = i;
  });
  if (lastTaxable >= 0) shares[lastTaxable]! += taxCents - shares.reduce((sum, x) => sum + x, 0);
  return shares;
}

async function approvedOfMonth(db: DbExecutor, month: string) {
  const { first, last } = monthBounds(month);
  const all = await db
    .select({ invoice: invoices, company: clients })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.status, "approved"),
        // The month's run's invoices, and the credit notes issued in the month.
        or(
          and(eq(invoices.kind, "invoice"), eq(invoices.month, month)),
          and(eq(invoices.kind, "credit_note"), between(invoices.issueDate, first, last)),
        ),
      ),
    )
    .orderBy(asc(invoices.number));
  const lines =
    all.length === 0
      ? []
      : await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              all.map((r) => r.invoice.id),
            ),
          )
          .orderBy(asc(invoiceLines.sortOrder), asc(invoiceLines.id));
  const linesOf = new Map<string, ExportLine[]>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
  return all.map((r) => ({ ...r, lines: linesOf.get(r.invoice.id) ?? [] }));
}

/** The file's text (without a byte order mark) and the invoices in it. */
export async function accountingFile(
  db: DbExecutor,
  month: string,
  file: ExportFile,
): Promise<{ text: string; invoiceIds: string[]; rows: number }> {
  const [invoicesOfMonth, settings] = await Promise.all([approvedOfMonth(db, month), readBillingSettings(db)]);
  const invoiceIds = invoicesOfMonth.map((i) => i.invoice.id);
  const out: string[] = [];
  if (file === "quickbooks-invoices" || file === "xero-invoices") {
    out.push(headerLine(file === "quickbooks-invoices" ? QUICKBOOKS_INVOICE_COLUMNS : XERO_INVOICE_COLUMNS));
    for (const { invoice, company, lines } of invoicesOfMonth) {
      const taxes = lineTaxes(lines, invoice.taxCents);
      lines.forEach((line, i) => {
        const { description, quantity, unitCents } = priced(line);
        const taxCode = line.taxable ? invoice.taxName : "Exempt";
        if (file === "quickbooks-invoices")
          out.push(
            csvLine([
              invoice.number,
              invoice.billTo.name,
              dmy(invoice.issueDate),
              dmy(invoice.dueDate),
              `Net ${settings.paymentTermsDays}`,
              "",
              invoice.kind === "credit_note" ? "Credit note" : (invoice.month ?? ""),
              "",
              description,
              quantity,
              dollars(unitCents),
              dollars(line.amountCents),
              taxCode,
              dollars(taxes[i]!),
              "CAD",
              "",
            ]),
          );
        else
          out.push(
            csvLine([
              invoice.billTo.name,
              invoice.billTo.email ?? company.contactEmail ?? "",
              invoice.billTo.address ?? "",
              "",
              "",
              "",
              "",
              "",
              "",
              "",
              invoice.number,
              invoice.kind === "credit_note" ? "Credit note" : (invoice.month ?? ""),
              dmy(invoice.issueDate),
              dmy(invoice.dueDate),
              "",
              description,
              quantity,
              dollars(unitCents),
              "",
              settings.salesAccountCode,
              taxCode,
              "",
              "",
              "",
              "",
              "CAD",
              "",
            ]),
          );
      });
    }
  } else {
    out.push(headerLine(file === "quickbooks-customers" ? QUICKBOOKS_CUSTOMER_COLUMNS : XERO_CONTACT_COLUMNS));
    const seen = new Set<string>();
    for (const { invoice, company } of invoicesOfMonth) {
      if (seen.has(company.id)) continue;
      seen.add(company.id);
      const email = invoice.billTo.email ?? "";
      const address = invoice.billTo.address ?? "";
      out.push(
        csvLine(
          file === "quickbooks-customers"
            ? [
                invoice.billTo.name,
                invoice.billTo.name,
                email,
                company.contactPhone ?? "",
                "",
                "",
                "",
                address,
                "",
                "",
                "",
                "Canada",
                "",
                "",
              ]
            : [invoice.billTo.name, "", email, "", "", "", address, "", "", "", "", "", "", "Canada"],
        ),
      );
    }
  }
  return { text: out.join(""), invoiceIds, rows: out.length - 1 };
}

/** Makes the file and records the export: when, by whom, which invoices, how many rows, the hash. */
export async function exportAccountingFile(db: DbExecutor, month: string, file: ExportFile, exportedBy: string) {
  const made = await accountingFile(db, month, file);
  const sha256 = createHash("sha256").update(made.text).digest("hex");
  await db
    .insert(billingExports)
    .values({ month, file, invoiceIds: made.invoiceIds, rows: made.rows, sha256, exportedBy });
  return { ...made, sha256 };
}

/** The exports of a month, newest first. */
export async function listExports(db: DbExecutor, month: string) {
  const rows = await db
    .select({ row: billingExports, by: users.name })
    .from(billingExports)
    .leftJoin(users, eq(users.id, billingExports.exportedBy))
    .where(eq(billingExports.month, month))
    .orderBy(desc(billingExports.exportedAt));
  return rows.map(({ row, by }) => ({
    id: row.id,
    month: row.month,
    file: row.file,
    rows: row.rows,
    sha256: row.sha256,
    exportedAt: row.exportedAt.toISOString(),
    exportedBy: by,
  }));
}
