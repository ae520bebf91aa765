// Agreements and invoices (docs/features.md §11, docs/decisions/0042-billing.md): the catalogue, tax codes,
// agreements with recurring lines and prepaid hours, billing runs, invoices, credit notes and payments.
// Money is integer cents (CAD) and time whole minutes; the rules that compute them are billing-money.ts.
import { z } from "zod";
import { text } from "./text.js";
import { calendarDay } from "./time.js";
import { basedOnVersion, isoDate, isoTimestamp, quantity, rowVersion } from "./wire.js";

export const BILLING_NAME_MAX = 120;
export const BILLING_TEXT_MAX = 2000;

const cents = (what: string, max = 100_000_000) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is too large`);
const name = () => text(BILLING_NAME_MAX, "Name is required").trim().min(1, "Name is required");

/** A calendar month, YYYY-MM. */
export const billingMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be YYYY-MM")
    .refine((m) => m >= "2000-01" && m < "2100-01", "Month must be YYYY-MM");

// --- Tax codes ---

export const taxComponentSchema = z.object({
  label: text(20, "Tax label is required").trim().min(1, "Tax label is required"),
  /** Thousandths of a percent: 13% is 13000, 9.975% is 9975. */
  rateMilliPercent: z
    .number({ error: "Rate must be a whole number of thousandths of a percent" })
    .int("Rate must be a whole number of thousandths of a percent")
    .min(1, "Rate must be above 0")
    .max(100_000, "Rate must be at most 100%"),
});
export const taxCodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  components: z.array(taxComponentSchema),
  isDefault: z.boolean(),
  archived: z.boolean(),
  version: rowVersion(),
});
export type TaxCode = z.infer<typeof taxCodeSchema>;
export const taxCodeCreateInputSchema = z.object({
  name: name(),
  components: z.array(taxComponentSchema).max(3, "A tax has at most 3 parts"),
});
export const taxCodeUpdateInputSchema = taxCodeCreateInputSchema.partial().extend({
  id: z.uuid("Tax code not found"),
  isDefault: z.literal(true).optional(),
  archived: z.boolean().optional(),
  version: basedOnVersion(),
});
export type TaxCodeCreateInput = z.infer<typeof taxCodeCreateInputSchema>;
export type TaxCodeUpdateInput = z.infer<typeof taxCodeUpdateInputSchema>;

// --- Catalogue ---

export const CATALOGUE_UNITS = ["one_off", "per_user_month", "per_device_month", "flat_month"] as const;
export type CatalogueUnit = (typeof CATALOGUE_UNITS)[number];
export const CATALOGUE_UNIT_LABELS: Record<CatalogueUnit, string> = {
  one_off: "One-off",
  per_user_month: "Per user per month",
  per_device_month: "Per device per month",
  flat_month: "Flat per month",
};

export const catalogueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(CATALOGUE_UNITS),
  priceCents: z.number().int(),
  taxable: z.boolean(),
  packageSlug: z.string().nullable(),
  archived: z.boolean(),
  version: rowVersion(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export const catalogueItemCreateInputSchema = z.object({
  name: name(),
  description: text(BILLING_TEXT_MAX).optional(),
  unit: z.enum(CATALOGUE_UNITS, { error: "Choose how the item is priced" }),
  priceCents: cents("Price"),
  taxable: z.boolean().optional(),
});
export const catalogueItemUpdateInputSchema = catalogueItemCreateInputSchema
  .omit({ unit: true })
  .partial()
  .extend({ id: z.uuid("Item not found"), archived: z.boolean().optional(), version: basedOnVersion() });
export type CatalogueItemCreateInput = z.infer<typeof catalogueItemCreateInputSchema>;
export type CatalogueItemUpdateInput = z.infer<typeof catalogueItemUpdateInputSchema>;

// --- Agreements ---

export const QUANTITY_SOURCES = ["fixed", "users", "devices"] as const;
export type QuantitySource = (typeof QUANTITY_SOURCES)[number];

const agreementLineInput = z.object({
  catalogueItemId: z.uuid("Item not found"),
  quantitySource: z.enum(QUANTITY_SOURCES, { error: "Choose how the quantity is counted" }),
  fixedQuantity: z.number().int("Quantity must be a whole number").min(0).max(100_000).optional(),
  /** Null or absent: the catalogue's price. */
  unitPriceCents: cents("Unit price").nullable().optional(),
});
const agreementWorkTypeInput = z.discriminatedUnion("treatment", [
  z.object({ workTypeId: z.uuid("Work type not found"), treatment: z.literal("included") }),
  z.object({ workTypeId: z.uuid("Work type not found"), treatment: z.literal("rate"), hourlyRateCents: cents("Rate") }),
]);

const agreementFields = z.object({
  name: name(),
  startDate: calendarDay(),
  endDate: calendarDay().nullable().optional(),
  billingDay: z.number().int().min(1, "Billing day must be 1 to 28").max(28, "Billing day must be 1 to 28").optional(),
  lines: z.array(agreementLineInput).max(50).optional(),
  workTypes: z.array(agreementWorkTypeInput).max(50).optional(),
});
const endNotBeforeStart = (a: { startDate?: string; endDate?: string | null }) =>
  !a.startDate || !a.endDate || a.endDate >= a.startDate;
const uniqueWorkTypes = (a: { workTypes?: { workTypeId: string }[] }) =>
  !a.workTypes || new Set(a.workTypes.map((w) => w.workTypeId)).size === a.workTypes.length;

export const agreementCreateInputSchema = agreementFields
  .extend({ clientId: z.uuid("Company not found") })
  .refine(endNotBeforeStart, { message: "End date must not be before the start date", path: ["endDate"] })
  .refine(uniqueWorkTypes, { message: "A work type is listed twice", path: ["workTypes"] });
export const agreementUpdateInputSchema = agreementFields
  .partial()
  .extend({ id: z.uuid("Agreement not found"), version: basedOnVersion() })
  .refine(endNotBeforeStart, { message: "End date must not be before the start date", path: ["endDate"] })
  .refine(uniqueWorkTypes, { message: "A work type is listed twice", path: ["workTypes"] });
export type AgreementCreateInput = z.infer<typeof agreementCreateInputSchema>;
export type AgreementUpdateInput = z.infer<typeof agreementUpdateInputSchema>;

export const blockCreateInputSchema = z
  .object({
    agreementId: z.uuid("Agreement not found"),
    minutes: z
      .number({ error: "Hours must be a whole number of minutes" })
      .int("Hours must be a whole number of minutes")
      .min(1, "A block holds at least 1 minute")
      .max(100_000 * 60, "A block holds at most 100,000 hours"),
    priceCents: cents("Price"),
    purchasedOn: calendarDay(),
    expiresOn: calendarDay(),
    overageRateCents: cents("Overage rate"),
    workTypeIds: z.array(z.uuid("Work type not found")).min(1, "Choose the work types the block covers").max(50),
  })
  .refine((b) => b.expiresOn >= b.purchasedOn, {
    message: "Expiry must not be before the purchase",
    path: ["expiresOn"],
  });
export type BlockCreateInput = z.infer<typeof blockCreateInputSchema>;

export const blockSchema = z.object({
  id: z.string(),
  agreementId: z.string(),
  minutes: quantity(),
  usedMinutes: quantity(),
  remainingMinutes: quantity(),
  priceCents: z.number().int().nullable(),
  purchasedOn: isoDate(),
  expiresOn: isoDate(),
  expired: z.boolean(),
  overageRateCents: z.number().int().nullable(),
  workTypeIds: z.array(z.string()),
  workTypeNames: z.array(z.string()),
  /** Minutes left on the purchase day, then after each day of time the block paid for. */
  burnDown: z.array(z.object({ date: isoDate(), remainingMinutes: quantity() })),
});
export type Block = z.infer<typeof blockSchema>;

export const agreementSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  name: z.string(),
  startDate: isoDate(),
  endDate: isoDate().nullable(),
  billingDay: z.number().int(),
  active: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      catalogueItemId: z.string(),
      itemName: z.string(),
      unit: z.enum(CATALOGUE_UNITS),
      quantitySource: z.enum(QUANTITY_SOURCES),
      fixedQuantity: z.number().int(),
      unitPriceCents: z.number().int().nullable(),
    }),
  ),
  workTypes: z.array(
    z.object({
      workTypeId: z.string(),
      workTypeName: z.string(),
      treatment: z.enum(["included", "rate"]),
      hourlyRateCents: z.number().int().nullable(),
    }),
  ),
  blocks: z.array(blockSchema),
  version: rowVersion(),
});
export type Agreement = z.infer<typeof agreementSchema>;

// --- Invoices ---

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export const INVOICE_STATUSES = ["draft", "approved", "void"] as const;
/** What people read: a draft, approved and unpaid (open), overdue, paid, or credited in full. */
export const INVOICE_STATES = ["draft", "open", "overdue", "paid", "credited"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_LINE_SOURCES = [
  "recurring",
  "time",
  "included_time",
  "block_time",
  "block_purchase",
  "overage",
  "item",
  "credit",
] as const;
export const PAYMENT_METHODS = ["eft", "cheque", "card", "cash", "other"] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  eft: "EFT",
  cheque: "Cheque",
  card: "Card",
  cash: "Cash",
  other: "Other",
};

export const invoiceLineSchema = z.object({
  id: z.string(),
  source: z.enum(INVOICE_LINE_SOURCES),
  description: z.string(),
  quantity: z.number().int(),
  quantityUnit: z.enum(["each", "minutes"]),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  taxable: z.boolean(),
});
export const invoiceTaxSchema = z.object({
  label: z.string(),
  rateMilliPercent: z.number().int(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
});
export const invoiceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  month: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  issueDate: isoDate(),
  dueDate: isoDate(),
  totalCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceSchema = invoiceSummarySchema.extend({
  agreementId: z.string().nullable(),
  creditsInvoiceId: z.string().nullable(),
  creditsInvoiceNumber: z.string().nullable(),
  billTo: z.object({ name: z.string(), address: z.string().nullable(), email: z.string().nullable() }),
  taxName: z.string(),
  lines: z.array(invoiceLineSchema),
  taxes: z.array(invoiceTaxSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  paidCents: z.number().int(),
  creditedCents: z.number().int(),
  payments: z.array(
    z.object({
      id: z.string(),
      paidOn: isoDate(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string(),
      amountCents: z.number().int(),
    }),
  ),
  approvedAt: isoTimestamp().nullable(),
  sentAt: isoTimestamp().nullable(),
  version: rowVersion(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListInputSchema = z.object({
  clientId: z.uuid("Company not found").optional(),
  month: billingMonth().optional(),
  state: z.enum(INVOICE_STATES).optional(),
});

export const invoiceItemInputSchema = z.object({
  invoiceId: z.uuid("Invoice not found"),
  catalogueItemId: z.uuid("Item not found").optional(),
  description: text(BILLING_NAME_MAX * 2, "Description is required")
    .trim()
    .min(1, "Description is required"),
  quantity: z.number().int("Quantity must be a whole number").min(1, "Quantity must be at least 1").max(100_000),
  unitPriceCents: cents("Unit price"),
  taxable: z.boolean().optional(),
});

export const creditNoteInputSchema = z.object({
  invoiceId: z.uuid("Invoice not found"),
  /** Credited amounts, each positive; the credit note carries them negated. */
  lines: z
    .array(
      z.object({
        description: text(BILLING_NAME_MAX * 2, "Description is required")
          .trim()
          .min(1, "Description is required"),
        amountCents: cents("Amount").min(1, "Amount must be above 0"),
        taxable: z.boolean(),
      }),
    )
    .min(1, "A credit note needs a line")
    .max(50),
});
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;
export type InvoiceItemInput = z.infer<typeof invoiceItemInputSchema>;

export const paymentInputSchema = z.object({
  invoiceId: z.uuid("Invoice not found"),
  paidOn: calendarDay(),
  method: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }),
  reference: text(120).optional(),
  amountCents: cents("Amount").min(1, "Amount must be above 0"),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

// --- Runs ---

export const billingRunSchema = z.object({
  id: z.string(),
  month: z.string(),
  status: z.enum(["running", "finished", "failed"]),
  companiesTotal: quantity(),
  companiesDone: quantity(),
  error: z.string().nullable(),
  startedAt: isoTimestamp(),
  finishedAt: isoTimestamp().nullable(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

/** One draft of a run beside the company's previous invoice for the same agreement: what changed. */
export const runPreviewSchema = z.object({
  month: z.string(),
  run: billingRunSchema.nullable(),
  invoices: z.array(
    invoiceSummarySchema.extend({
      previousTotalCents: z.number().int().nullable(),
      changes: z.array(z.string()),
      /** Devices in use as counted, and of them those that checked in within 30 days. */
      devicesInUse: quantity(),
      devicesSeen: quantity(),
    }),
  ),
});

// --- Reports and exports ---

const companyCents = z.object({ clientId: z.string(), name: z.string(), cents: z.number().int() });
export const billingReportInputSchema = z
  .object({ from: billingMonth(), to: billingMonth() })
  .refine((r) => r.from <= r.to, { message: "From must not be after To", path: ["to"] });
export const billingReportSchema = z.object({
  today: isoDate(),
  monthlyRecurring: z.object({ totalCents: z.number().int(), byCompany: z.array(companyCents) }),
  revenue: z.array(companyCents),
  unbilledTime: z.array(
    z.object({ clientId: z.string(), name: z.string(), minutes: quantity(), atDefaultRatesCents: z.number().int() }),
  ),
  blocks: z.array(blockSchema.extend({ clientName: z.string() })),
  receivables: z.object({
    totals: z.object({
      current: z.number().int(),
      "1-30": z.number().int(),
      "31-60": z.number().int(),
      "61-90": z.number().int(),
      "90+": z.number().int(),
    }),
    byCompany: z.array(
      z.object({
        clientId: z.string(),
        name: z.string(),
        current: z.number().int(),
        "1-30": z.number().int(),
        "31-60": z.number().int(),
        "61-90": z.number().int(),
        "90+": z.number().int(),
      }),
    ),
  }),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

export const billingExportSchema = z.object({
  id: z.string(),
  month: z.string(),
  file: z.string(),
  rows: quantity(),
  sha256: z.string(),
  exportedAt: isoTimestamp(),
  exportedBy: z.string().nullable(),
});

// --- Settings ---

export const billingSettingsSchema = z.object({
  /** The provider's GST/HST registration number, printed on every invoice. */
  taxRegistrationNumber: text(40),
  paymentTermsDays: z
    .number()
    .int()
    .min(0, "Payment terms must be 0 to 120 days")
    .max(120, "Payment terms must be 0 to 120 days"),
  paymentInstructions: text(BILLING_TEXT_MAX),
  /** Days after the due date a reminder goes out (e.g. 7 and 14). */
  reminderDays: z.array(z.number().int().min(1).max(365)).max(5),
  /** A block below this share of its hours left mails staff and the company's contacts once. */
  blockThresholdPercent: z.number().int().min(1).max(99),
  /** Whether agents see prices, rates and invoices. */
  agentsSeeMoney: z.boolean(),
  /** The revenue account the accounting export codes lines to (Xero's AccountCode; its default Sales is 200). */
  salesAccountCode: text(20).trim().min(1, "Sales account code is required"),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
