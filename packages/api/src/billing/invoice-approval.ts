// Approving an invoice, then delivering it (docs/decisions/0051-approve-then-deliver.md): approval commits
// first, in a short transaction that holds the year's number counter only for the update; its PDF drawn
// and stored, its mail written to the outbox and the invoice marked sent come after. Drawing the PDF
// inside the approval made concurrent approvals wait on each other's PDF. Delivery is safe to run again: an
// approved invoice never changes, so a second drawing stores the same file, and the mail is written only
// by the transaction that marks the invoice sent (`sent_at IS NULL ... RETURNING`). If it fails after the
// approval committed (the file store down, the process stopped), the periodic sweep here sends it later.
import { isoDay } from "@repo/content";
import { and, type DbExecutor, eq, invoices, isNotNull, isNull, sql } from "@repo/db";
import { type Scope, type StaffScope, systemScope } from "../auth/scope.js";
import { ConflictError } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { runPeriodically } from "../lib/periodic.js";
import { log } from "../logger.js";
import { enqueueMail } from "../mail/outbox.js";
import { invoiceMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { invoicePdf } from "./invoice-pdf.js";
import { addDays } from "./dates.js";
import { lockDraft, readInvoice } from "./invoices.js";
import { nextNumber } from "./numbers.js";
import { emitWebhookEvent } from "../webhooks/events.js";
import { readBillingSettings } from "./settings.js";

export const INVOICE_DELIVERY_INTERVAL_MS = 5 * 60_000;

/**
 * Approves a draft: its number (INV- or CN-, gap-free per year), today's date, its due date; locked. The
 * transaction is kept short, as it holds the year's number counter until it commits and every other
 * approval waits for that row. Its PDF and mail follow once it has committed (deliverInvoice below); a
 * delivery that fails leaves the invoice approved and unsent, for the delivery sweep to send.
 */
export async function approveInvoice(
  db: DbExecutor,
  files: FileStore,
  scope: StaffScope,
  id: string,
  today = isoDay(),
) {
  await db.transaction(async (tx) => {
    const row = await lockDraft(tx, id);
    if (row.kind === "invoice" && row.totalCents < 0)
      throw new ConflictError("An invoice cannot total less than zero: issue a credit note instead");
    const { paymentTermsDays } = await readBillingSettings(tx);
    // Last before the update: the counter's row is held from here until the commit.
    const number = await nextNumber(tx, row.kind === "invoice" ? "INV" : "CN", Number(today.slice(0, 4)));
    const dueDate = row.kind === "invoice" ? addDays(today, paymentTermsDays) : today;
    await tx
      .update(invoices)
      .set({ status: "approved", number, issueDate: today, dueDate, approvedAt: new Date(), approvedBy: scope.userId })
      .where(eq(invoices.id, id));
    // With the approval, so subscribers hear of exactly the approvals that committed (webhooks/events.ts).
    await emitWebhookEvent(tx, "invoice.approved", {
      invoice: {
        id,
        kind: row.kind,
        number,
        clientId: row.clientId,
        issueDate: today,
        dueDate,
        totalCents: row.totalCents,
      },
    });
  });
  await deliverInvoice(db, files, scope, id).catch((error: unknown) =>
    log.error({ err: error, invoiceId: id }, "An approved invoice was not sent; the delivery sweep will retry"),
  );
}

/**
 * Stores the approved invoice's PDF and mails it to its billing contact, marking it sent; answers whether
 * this call sent it. An invoice not approved, already sent, or without a billing e-mail is left as it is.
 */
export async function deliverInvoice(db: DbExecutor, files: FileStore, scope: Scope, id: string): Promise<boolean> {
  const invoice = await readInvoice(db, scope, id);
  if (!invoice.approvedAt || invoice.sentAt || !invoice.billTo.email || !invoice.number) return false;
  const fileKey = `invoices/${invoice.id}.pdf`;
  // Stored before the mail is written: the outbox reads the file when the mail goes out.
  const [settings, provider] = await Promise.all([readBillingSettings(db), readIdentity(db)]);
  await files.put(fileKey, await invoicePdf(invoice, settings, provider));
  const { number, billTo } = invoice;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invoices)
      .set({ sentAt: new Date() })
      .where(and(eq(invoices.id, id), isNull(invoices.sentAt)))
      .returning({ id: invoices.id });
    if (!claimed) return false; // another delivery sent it meanwhile
    await enqueueMail(
      tx,
      invoiceMail(provider, {
        kind: invoice.kind,
        number,
        to: billTo.email!,
        clientName: billTo.name,
        totalCents: invoice.totalCents,
        dueDate: invoice.dueDate,
        documents: [{ fileKey, filename: `${number}.pdf`, contentType: "application/pdf" }],
      }),
    );
    return true;
  });
}

/** Delivers every approved invoice still unsent that has somewhere to go; answers the ids sent. */
export async function deliverUnsentInvoices(db: DbExecutor, files: FileStore): Promise<string[]> {
  const unsent = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, "approved"),
        isNotNull(invoices.number),
        isNull(invoices.sentAt),
        sql`${invoices.billTo}->>'email' is not null`,
      ),
    );
  const sent: string[] = [];
  for (const { id } of unsent) if (await deliverInvoice(db, files, systemScope("job"), id)) sent.push(id);
  return sent;
}

export function startInvoiceDelivery(
  db: DbExecutor,
  files: FileStore,
  intervalMs = INVOICE_DELIVERY_INTERVAL_MS,
): () => Promise<void> {
  return runPeriodically("invoice delivery", intervalMs, () => deliverUnsentInvoices(db, files));
}
