// Invoices and credit notes (docs/features.md §11): read by whoever sees money and by the client's own
// people (approved ones only), approved by an admin into a gap-free number and locked; corrected by credit
// notes, never edited once approved; paid in one or more payments.
import { isoDay } from "@repo/content";
import {
  and,
  asc,
  clients,
  desc,
  eq,
  invoiceLines,
  invoiceTaxes,
  invoices,
  isUuid,
  ne,
  payments,
  sql,
  type DbExecutor,
} from "@repo/db";
import {
  type CreditNoteInput,
  type Invoice,
  type InvoiceItemInput,
  type InvoiceState,
  type InvoiceSummary,
  type PaymentInput,
  formatCents,
} from "@repo/validators";
import { companyFilter, type Scope } from "../auth/scope.js";
import { emitWebhookEvent } from "../webhooks/events.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { billToOf, releaseGenerated, writeTotals } from "./draft.js";

type InvoiceRow = typeof invoices.$inferSelect;

/** What approved credit notes have taken off an invoice, in positive cents. */
export const creditedCents = sql<number>`coalesce((select -sum(c.total_cents) from invoices c
  where c.credits_invoice_id = invoices.id and c.status = 'approved'), 0)::int`;

/** What is still owed: the total less payments and approved credit notes (never below zero). */
export const balanceOf = (row: Pick<InvoiceRow, "kind" | "status" | "totalCents" | "paidCents">, credited: number) =>
  row.kind === "invoice" && row.status === "approved" ? Math.max(0, row.totalCents - row.paidCents - credited) : 0;

export function stateOf(
  row: Pick<InvoiceRow, "kind" | "status" | "totalCents" | "paidCents" | "dueDate">,
  credited: number,
  today = isoDay(),
): InvoiceState {
  if (row.status === "draft") return "draft";
  if (row.kind === "credit_note") return "credited";
  if (credited >= row.totalCents) return "credited";
  if (balanceOf(row, credited) === 0) return "paid";
  return row.dueDate < today ? "overdue" : "open";
}

/** Who may see which invoices: a client its own company's approved ones; staff every one. */
const visibleTo = (scope: Scope) =>
  and(companyFilter(scope, invoices.clientId), scope.kind === "company" ? ne(invoices.status, "draft") : undefined);

const toSummary = (row: InvoiceRow, clientName: string, credited: number): InvoiceSummary => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  clientId: row.clientId,
  clientName,
  month: row.month,
  state: stateOf(row, credited),
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  totalCents: row.totalCents,
  balanceCents: balanceOf(row, credited),
});

export async function listInvoices(
  db: DbExecutor,
  scope: Scope,
  filter: { clientId?: string; month?: string; state?: InvoiceState },
): Promise<InvoiceSummary[]> {
  const rows = await db
    .select({ invoice: invoices, clientName: clients.name, credited: creditedCents })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        visibleTo(scope),
        filter.clientId ? eq(invoices.clientId, filter.clientId) : undefined,
        filter.month ? eq(invoices.month, filter.month) : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.number), asc(clients.name));
  const list = rows.map((r) => toSummary(r.invoice, r.clientName, r.credited));
  return filter.state ? list.filter((i) => i.state === filter.state) : list;
}

export async function readInvoice(db: DbExecutor, scope: Scope, id: string): Promise<Invoice> {
  if (!isUuid(id)) throw NotFoundError.of("Invoice");
  const [row] = await db
    .select({ invoice: invoices, clientName: clients.name, credited: creditedCents })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.id, id), visibleTo(scope)));
  if (!row) throw NotFoundError.of("Invoice");
  const { invoice } = row;
  const [lines, taxes, paid, [credited]] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.sortOrder), asc(invoiceLines.id)),
    db.select().from(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, id)).orderBy(asc(invoiceTaxes.position)),
    db.select().from(payments).where(eq(payments.invoiceId, id)).orderBy(asc(payments.paidOn)),
    invoice.creditsInvoiceId
      ? db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.creditsInvoiceId))
      : Promise.resolve([]),
  ]);
  return {
    ...toSummary(invoice, row.clientName, row.credited),
    agreementId: invoice.agreementId,
    creditsInvoiceId: invoice.creditsInvoiceId,
    creditsInvoiceNumber: credited?.number ?? null,
    billTo: invoice.billTo,
    taxName: invoice.taxName,
    lines: lines.map((l) => ({
      id: l.id,
      source: l.source,
      description: l.description,
      quantity: l.quantity,
      quantityUnit: l.quantityUnit,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      taxable: l.taxable,
    })),
    taxes: taxes.map((t) => ({
      label: t.label,
      rateMilliPercent: t.rateMilliPercent,
      baseCents: t.baseCents,
      amountCents: t.amountCents,
    })),
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    paidCents: invoice.paidCents,
    creditedCents: row.credited,
    payments: paid.map((p) => ({
      id: p.id,
      paidOn: p.paidOn,
      method: p.method,
      reference: p.reference,
      amountCents: p.amountCents,
    })),
    approvedAt: invoice.approvedAt?.toISOString() ?? null,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    version: invoice.version,
  };
}

/** The draft an edit is for, held for the transaction; an approved invoice is never edited. */
export async function lockDraft(tx: DbExecutor, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw NotFoundError.of("Invoice");
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row) throw NotFoundError.of("Invoice");
  if (row.status !== "draft") throw new ConflictError("An approved invoice cannot be changed: issue a credit note");
  return row;
}

/** Adds a line staff type (a one-off item, an adjustment) to a draft; a run's rebuild keeps it. */
export async function addItem(db: DbExecutor, input: InvoiceItemInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, input.invoiceId);
    await tx.insert(invoiceLines).values({
      invoiceId: input.invoiceId,
      source: "item",
      description: input.description,
      quantity: input.quantity,
      quantityUnit: "each",
      unitPriceCents: input.unitPriceCents,
      amountCents: input.quantity * input.unitPriceCents,
      taxable: input.taxable ?? true,
      catalogueItemId: input.catalogueItemId ?? null,
      sortOrder: 1000,
    });
    await writeTotals(tx, input.invoiceId);
  });
}

/** Removes a line staff added to a draft (lines a run made come and go with the run). */
export async function removeItem(db: DbExecutor, lineId: string): Promise<void> {
  if (!isUuid(lineId)) throw NotFoundError.of("Invoice line");
  await db.transaction(async (tx) => {
    const [line] = await tx.select().from(invoiceLines).where(eq(invoiceLines.id, lineId));
    if (!line) throw NotFoundError.of("Invoice line");
    await lockDraft(tx, line.invoiceId);
    if (line.source !== "item" && line.source !== "credit")
      throw new ConflictError("This line comes from the billing run: change the agreement or the time, then run again");
    await tx.delete(invoiceLines).where(eq(invoiceLines.id, lineId));
    await writeTotals(tx, line.invoiceId);
  });
}

/** Deletes a draft, releasing its time; the month's next run drafts it again from what is true then. */
export async function discardDraft(db: DbExecutor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await releaseGenerated(tx, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
  });
}

/**
 * Drafts a credit note against an approved invoice: its lines negated, taxed as the invoice was. What all
 * the invoice's credit notes take off together never exceeds the invoice's subtotal.
 */
export async function createCreditNote(db: DbExecutor, input: CreditNoteInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update");
    if (!invoice) throw NotFoundError.of("Invoice");
    if (invoice.kind !== "invoice" || invoice.status !== "approved")
      throw new ConflictError("Only an approved invoice can be credited");
    const [{ already }] = (await tx
      .select({ already: sql<number>`coalesce(-sum(${invoices.subtotalCents}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.creditsInvoiceId, invoice.id), ne(invoices.status, "void")))) as [{ already: number }];
    const asked = input.lines.reduce((sum, l) => sum + l.amountCents, 0);
    if (already + asked > invoice.subtotalCents)
      throw new ConflictError("Credit notes cannot take off more than the invoice's subtotal");
    const today = isoDay();
    const [note] = await tx
      .insert(invoices)
      .values({
        kind: "credit_note",
        status: "draft",
        clientId: invoice.clientId,
        creditsInvoiceId: invoice.id,
        issueDate: today,
        dueDate: today,
        billTo: await billToOf(tx, invoice.clientId),
        taxName: invoice.taxName,
        taxComponents: invoice.taxComponents,
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceLines).values(
      input.lines.map((l, i) => ({
        invoiceId: note!.id,
        source: "credit" as const,
        description: l.description,
        quantity: 1,
        quantityUnit: "each" as const,
        unitPriceCents: -l.amountCents,
        amountCents: -l.amountCents,
        taxable: l.taxable,
        sortOrder: i,
      })),
    );
    await writeTotals(tx, note!.id);
    return note!.id;
  });
}

/** Records a payment (partial allowed) against an approved invoice, never above what is owed. */
export async function recordPayment(db: DbExecutor, input: PaymentInput, recordedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update");
    if (!invoice) throw NotFoundError.of("Invoice");
    if (invoice.kind !== "invoice" || invoice.status !== "approved")
      throw new ConflictError("Payments are recorded against approved invoices");
    const [{ credited }] = (await tx
      .select({ credited: creditedCents })
      .from(invoices)
      .where(eq(invoices.id, invoice.id))) as [{ credited: number }];
    const balance = balanceOf(invoice, credited);
    if (input.amountCents > balance)
      throw new ConflictError(`The payment is more than the balance of ${formatCents(balance)}`);
    await tx.insert(payments).values({ ...input, reference: input.reference ?? "", recordedBy });
    await tx
      .update(invoices)
      .set({ paidCents: sql`${invoices.paidCents} + ${input.amountCents}` })
      .where(eq(invoices.id, input.invoiceId));
    // Paid in full by this payment: the event goes out once, with the payment that settled it.
    if (input.amountCents === balance)
      await emitWebhookEvent(tx, "invoice.paid", {
        invoice: { id: invoice.id, number: invoice.number, clientId: invoice.clientId, totalCents: invoice.totalCents },
      });
  });
}
