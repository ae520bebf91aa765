// The invoice as a PDF (docs/decisions/0043-invoice-pdf.md), made with PDFKit: plain JavaScript with the
// standard PDF fonts built in, so no browser, no font files and no native code. The same figures as the
// invoice page: the provider's published identity (site-content/published.ts: name, legal name, address,
// tax number), the bill-to, the lines, the taxes, the totals, what is paid and owed, the due date and how
// to pay.
import { formatDay, type SiteIdentity } from "@repo/content";
import { type Invoice, formatCents, formatMinutes, formatRate } from "@repo/validators";
import PDFDocument from "pdfkit";
import type { BillingSettings } from "@repo/validators";

const MARGIN = 50;
const PAGE_WIDTH = 612; // US Letter, as Canadian offices print
const COLUMNS = { description: MARGIN, quantity: 330, unit: 400, amount: 480 } as const;
const RIGHT = PAGE_WIDTH - MARGIN;

const quantityText = (line: Invoice["lines"][number]) =>
  line.quantityUnit === "minutes" ? formatMinutes(line.quantity) : String(line.quantity);
const unitText = (line: Invoice["lines"][number]) =>
  line.quantityUnit === "minutes" ? `${formatCents(line.unitPriceCents)}/h` : formatCents(line.unitPriceCents);

/** The title a document carries: an invoice, a credit note, or either as a draft. */
export function documentTitle(invoice: Pick<Invoice, "kind" | "number" | "state">): string {
  const kind = invoice.kind === "credit_note" ? "Credit note" : "Invoice";
  return invoice.number ? `${kind} ${invoice.number}` : `${kind} (draft)`;
}

/** The provider an invoice is from: the parts of the published identity it prints. */
export type InvoiceProvider = Pick<
  SiteIdentity,
  "name" | "legalName" | "address" | "location" | "phone" | "email" | "taxNumber"
>;

/** Where the provider is: its postal address when it has a street, else how the pages say it ("Toronto, Canada"). */
function addressLines({ address, location }: InvoiceProvider): string[] {
  if (!address.street) return [location];
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [address.street, cityLine, address.country].filter(Boolean);
}

/** The PDF's bytes. `provider` is the published identity (readIdentity(db)). */
export function invoicePdf(invoice: Invoice, settings: BillingSettings, provider: InvoiceProvider): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: documentTitle(invoice), Author: provider.name },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // The provider, and the document's own name and dates.
  doc.font("Helvetica-Bold").fontSize(18).text(provider.name, MARGIN, MARGIN, { width: 270 });
  doc.font("Helvetica").fontSize(9).fillColor("#333333");
  if (provider.legalName && provider.legalName !== provider.name) doc.text(provider.legalName);
  for (const line of addressLines(provider)) doc.text(line);
  doc.text(`${provider.phone} · ${provider.email}`);
  // The published tax number; the billing settings' older field while none is published.
  const taxNumber = provider.taxNumber || settings.taxRegistrationNumber;
  if (taxNumber) doc.text(`Tax registration: ${taxNumber}`);
  const providerEnd = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor("#000000")
    .text(documentTitle(invoice), 330, MARGIN, { width: RIGHT - 330, align: "right" });
  doc.font("Helvetica").fontSize(9);
  doc.text(`Date: ${formatDay(invoice.issueDate)}`, 330, doc.y, { width: RIGHT - 330, align: "right" });
  if (invoice.kind === "invoice")
    doc.text(`Due: ${formatDay(invoice.dueDate)}`, 330, doc.y, { width: RIGHT - 330, align: "right" });
  if (invoice.creditsInvoiceNumber)
    doc.text(`Credits invoice ${invoice.creditsInvoiceNumber}`, 330, doc.y, { width: RIGHT - 330, align: "right" });
  if (invoice.state === "draft")
    doc
      .font("Helvetica-Bold")
      .fillColor("#b00020")
      .text("DRAFT", 330, doc.y, { width: RIGHT - 330, align: "right" });

  // Bill to.
  doc
    .fillColor("#000000")
    .font("Helvetica-Bold")
    .fontSize(10)
    .text("Bill to", MARGIN, Math.max(140, providerEnd + 14));
  doc.font("Helvetica").fontSize(10).text(invoice.billTo.name);
  if (invoice.billTo.address) doc.text(invoice.billTo.address);
  if (invoice.billTo.email) doc.text(invoice.billTo.email);

  // Lines.
  let y = Math.max(doc.y + 20, 210);
  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    const height = doc.heightOfString(cells[0], { width: COLUMNS.quantity - COLUMNS.description - 10 });
    if (y + height > 740) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(cells[0], COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    doc.text(cells[1], COLUMNS.quantity, y, { width: COLUMNS.unit - COLUMNS.quantity - 10, align: "right" });
    doc.text(cells[2], COLUMNS.unit, y, { width: COLUMNS.amount - COLUMNS.unit - 10, align: "right" });
    doc.text(cells[3], COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: "right" });
    y += height + 6;
  };
  row(["Description", "Quantity", "Unit price", "Amount"], true);
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(RIGHT, y - 3)
    .strokeColor("#999999")
    .stroke();
  for (const line of invoice.lines)
    row([line.description, quantityText(line), unitText(line), formatCents(line.amountCents)]);
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).stroke();
  y += 8;

  // Totals: subtotal, each tax, total, then what was paid or credited and what is owed.
  const total = (label: string, cents: number, bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, COLUMNS.quantity, y, { width: COLUMNS.amount - COLUMNS.quantity - 10, align: "right" });
    doc.text(formatCents(cents), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: "right" });
    y += 16;
  };
  total("Subtotal", invoice.subtotalCents);
  for (const tax of invoice.taxes) total(`${tax.label} ${formatRate(tax.rateMilliPercent)}`, tax.amountCents);
  if (invoice.taxes.length === 0) total(`Tax (${invoice.taxName})`, 0);
  total("Total (CAD)", invoice.totalCents, true);
  if (invoice.kind === "invoice" && invoice.state !== "draft") {
    if (invoice.paidCents > 0) total("Paid", -invoice.paidCents);
    if (invoice.creditedCents > 0) total("Credited", -invoice.creditedCents);
    total("Balance due", invoice.balanceCents, true);
  }

  // How to pay.
  if (invoice.kind === "invoice") {
    y += 14;
    doc.font("Helvetica-Bold").fontSize(10).text("Payment", MARGIN, y);
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(
        `Due ${formatDay(invoice.dueDate)}${settings.paymentTermsDays > 0 ? ` (net ${settings.paymentTermsDays} days)` : ""}. ` +
          `Please quote ${invoice.number ?? "the invoice number"} with your payment.`,
        { width: RIGHT - MARGIN },
      );
    if (settings.paymentInstructions) doc.text(settings.paymentInstructions, { width: RIGHT - MARGIN });
  }
  doc.end();
  return done;
}
