import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { belongsTo, id, refersTo, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { agreements, prepaidBlocks } from "./agreements.js";
import { catalogueItems, type TaxComponentValue } from "./billing-catalogue.js";
import { clients } from "./clients.js";
import { timeEntries, workTypes } from "./time.js";
import { users } from "./users.js";

/**
 * One billing run of a month (docs/decisions/0042-billing.md): its progress over the companies, for the
 * screen that watches it. Runs may repeat; the invoices they draft are what must not.
 */
export const billingRuns = pgTable(
  "billing_runs",
  {
    id: id(),
    month: text().notNull(),
    status: text({ enum: ["running", "finished", "failed"] }).notNull(),
    companiesTotal: integer().notNull().default(0),
    companiesDone: integer().notNull().default(0),
    error: text(),
    startedBy: refersTo(users.id),
    startedAt: timestamptz().notNull().defaultNow(),
    /** Moved on each company: a running run not moved for minutes died with its process. */
    heartbeatAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [
    index().on(t.month, t.startedAt),
    // Two admins starting the same month at once share one run.
    uniqueIndex("billing_runs_one_running").on(t.month).where(sql`${t.status} = 'running'`),
  ],
);

/** The client as the invoice was made out to: kept, so a later change of address changes no invoice. */
export interface BillTo {
  name: string;
  address: string | null;
  email: string | null;
}

/** What the recurring lines counted on the billing date, for the preview's "what changed". */
export interface CountedSnapshot {
  users: { id: string; name: string }[];
  devices: { id: string; name: string }[];
  /** Of the devices in use, those that checked in within the 30 days before the count. */
  devicesSeen?: number;
}

/**
 * An invoice or a credit note. A draft is rebuilt by each run of its month; approving gives it its
 * gap-free number and locks it. Corrections are credit notes (`creditsInvoiceId`), never edits.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    kind: text({ enum: ["invoice", "credit_note"] }).notNull(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    agreementId: uuid().references(() => agreements.id, { onDelete: "set null" }),
    /** The month a run drafted it for ("YYYY-MM"); null for an invoice or credit note made by hand. */
    month: text(),
    creditsInvoiceId: uuid().references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    status: text({ enum: ["draft", "approved", "void"] }).notNull(),
    number: text().unique(),
    issueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    billTo: jsonb().$type<BillTo>().notNull(),
    taxName: requiredText(),
    taxComponents: jsonb().$type<TaxComponentValue[]>().notNull(),
    subtotalCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    totalCents: integer().notNull().default(0),
    paidCents: integer().notNull().default(0),
    counted: jsonb().$type<CountedSnapshot>(),
    approvedAt: timestamptz(),
    approvedBy: refersTo(users.id),
    sentAt: timestamptz(),
    ...timestamps(),
    version: version("invoices"),
  },
  (t) => [
    index().on(t.clientId, t.issueDate),
    index().on(t.month),
    // A run drafts one invoice per agreement and month, whoever runs it and however often.
    uniqueIndex("invoices_agreement_month").on(t.agreementId, t.month).where(sql`${t.kind} = 'invoice'`),
    check("invoices_total", sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

/**
 * A line of an invoice. `source` says where it came from: a recurring service, approved time (at a rate,
 * included, or burnt from a block), a block's purchase, overage, or an item staff added. Amounts are
 * integer cents; `quantity` is a count or, for time, minutes.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: belongsTo(invoices.id),
    source: text({
      enum: ["recurring", "time", "included_time", "block_time", "block_purchase", "overage", "item", "credit"],
    }).notNull(),
    description: requiredText(),
    quantity: integer().notNull(),
    quantityUnit: text({ enum: ["each", "minutes"] }).notNull(),
    unitPriceCents: integer().notNull(),
    amountCents: integer().notNull(),
    taxable: boolean().notNull(),
    catalogueItemId: uuid().references(() => catalogueItems.id, { onDelete: "set null" }),
    workTypeId: uuid().references(() => workTypes.id, { onDelete: "set null" }),
    blockId: uuid().references(() => prepaidBlocks.id, { onDelete: "set null" }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.invoiceId),
    // A block's purchase is billed once.
    uniqueIndex("invoice_lines_block_purchase").on(t.blockId).where(sql`${t.source} = 'block_purchase'`),
  ],
);

/** The taxes of an invoice, one row per component, each taken once on the invoice's taxable base. */
export const invoiceTaxes = pgTable(
  "invoice_taxes",
  {
    invoiceId: belongsTo(invoices.id),
    position: integer().notNull(),
    label: requiredText(),
    rateMilliPercent: integer().notNull(),
    baseCents: integer().notNull(),
    amountCents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/**
 * Which time entry an invoice line bills. The entry is the key: an entry is on one invoice line at most,
 * whatever runs race (docs/decisions/0042-billing.md). Rebuilding a draft deletes its lines and so
 * releases its entries.
 */
export const invoicedTime = pgTable(
  "invoiced_time",
  {
    timeEntryId: uuid()
      .primaryKey()
      .references(() => timeEntries.id, { onDelete: "restrict" }),
    invoiceLineId: belongsTo(invoiceLines.id),
    invoiceId: belongsTo(invoices.id),
  },
  (t) => [index().on(t.invoiceLineId), index().on(t.invoiceId)],
);

/** Minutes of an entry a prepaid block paid for, written with the invoice that billed the entry. */
export const blockBurns = pgTable(
  "block_burns",
  {
    blockId: belongsTo(prepaidBlocks.id),
    timeEntryId: uuid()
      .notNull()
      .references(() => timeEntries.id, { onDelete: "restrict" }),
    invoiceId: belongsTo(invoices.id),
    minutes: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.timeEntryId] }), index().on(t.invoiceId)],
);

/**
 * The last number given per prefix and year (INV-2026-0001, CN-2026-0001). Taken by an upsert inside
 * the approving transaction, which holds the row until it commits: numbers have no gaps and no repeats.
 */
export const invoiceNumberCounters = pgTable(
  "invoice_number_counters",
  {
    prefix: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** A payment against an approved invoice; several may settle one invoice. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    paidOn: date({ mode: "string" }).notNull(),
    method: text({ enum: ["eft", "cheque", "card", "cash", "other"] }).notNull(),
    reference: text().notNull().default(""),
    amountCents: integer().notNull(),
    recordedBy: refersTo(users.id),
    ...timestamps(),
  },
  (t) => [index().on(t.invoiceId), check("payments_amount", sql`${t.amountCents} > 0`)],
);

/**
 * An accounting export of a month's approved invoices, recorded with what it sent: the file, the invoices
 * in it and a SHA-256 of its bytes. Approved invoices never change, so exporting again sends the same rows.
 */
export const billingExports = pgTable(
  "billing_exports",
  {
    id: id(),
    month: text().notNull(),
    file: text().notNull(),
    invoiceIds: uuid().array().notNull(),
    rows: integer().notNull(),
    sha256: text().notNull(),
    exportedBy: refersTo(users.id),
    exportedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.month, t.exportedAt)],
);

/**
 * The payment reminders an invoice has had, one per number of days after its due date (the billing
 * settings' reminder days): the key makes each go out once, whichever instance sends it.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: belongsTo(invoices.id),
    daysAfterDue: integer().notNull(),
    sentAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysAfterDue] })],
);
