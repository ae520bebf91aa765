// Answers of the billing API for the billing screens' component tests.
import type { Agreement, Block, Invoice, InvoiceSummary } from "@repo/validators";

export const INVOICE_ID = "0190f3a2-0000-7000-8000-00000000a001";
export const AGREEMENT_ID = "0190f3a2-0000-7000-8000-00000000b001";
export const REMOTE = "0190f3a2-0000-7000-8000-00000000c001";
export const SEATS = "0190f3a2-0000-7000-8000-00000000d001";

export function invoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: INVOICE_ID,
    kind: "invoice",
    number: null,
    clientId: "c-acme",
    clientName: "Acme Dental",
    month: "2026-11",
    state: "draft",
    issueDate: "2026-11-01",
    dueDate: "2026-12-01",
    totalCents: 113_000,
    balanceCents: 113_000,
    ...overrides,
  };
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...invoiceSummary(),
    agreementId: AGREEMENT_ID,
    creditsInvoiceId: null,
    creditsInvoiceNumber: null,
    billTo: { name: "Acme Dental", address: "1 King St W\nToronto ON", email: "ap@acme.test" },
    taxName: "HST 13%",
    lines: [
      {
        id: "l1",
        source: "recurring",
        description: "Managed seat (10 users)",
        quantity: 10,
        quantityUnit: "each",
        unitPriceCents: 5_000,
        amountCents: 50_000,
        taxable: true,
      },
      {
        id: "l2",
        source: "time",
        description: "Remote support",
        quantity: 300,
        quantityUnit: "minutes",
        unitPriceCents: 10_000,
        amountCents: 50_000,
        taxable: true,
      },
    ],
    taxes: [{ label: "HST", rateMilliPercent: 13_000, baseCents: 100_000, amountCents: 13_000 }],
    subtotalCents: 100_000,
    taxCents: 13_000,
    paidCents: 0,
    creditedCents: 0,
    payments: [],
    approvedAt: null,
    sentAt: null,
    version: 1,
    ...overrides,
  };
}

export function block(overrides: Partial<Block> = {}): Block {
  return {
    id: "blk1",
    agreementId: AGREEMENT_ID,
    minutes: 600,
    usedMinutes: 450,
    remainingMinutes: 150,
    priceCents: 100_000,
    purchasedOn: "2026-10-01",
    expiresOn: "2027-09-30",
    expired: false,
    overageRateCents: 12_000,
    workTypeIds: [REMOTE],
    workTypeNames: ["Remote support"],
    burnDown: [
      { date: "2026-10-01", remainingMinutes: 600 },
      { date: "2026-10-14", remainingMinutes: 420 },
      { date: "2026-11-03", remainingMinutes: 150 },
    ],
    ...overrides,
  };
}

export function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    id: AGREEMENT_ID,
    clientId: "c-acme",
    clientName: "Acme Dental",
    name: "Managed services",
    startDate: "2026-01-01",
    endDate: null,
    billingDay: 1,
    active: true,
    lines: [],
    workTypes: [],
    blocks: [block()],
    version: 3,
    ...overrides,
  };
}

export const catalogueItem = {
  id: SEATS,
  name: "Managed seat",
  description: "",
  unit: "per_user_month" as const,
  priceCents: 5_000,
  taxable: true,
  packageSlug: null,
  archived: false,
  version: 1,
};

export const workType = {
  id: REMOTE,
  name: "Remote support",
  defaultBillable: true,
  hourlyRateCents: 10_000,
  archived: false,
  sortOrder: 1,
  version: 1,
};

export const billingSettings = {
  taxRegistrationNumber: "123456789 RT0001",
  paymentTermsDays: 30,
  paymentInstructions: "EFT to account 1234",
  reminderDays: [7, 14],
  blockThresholdPercent: 20,
  agentsSeeMoney: false,
  salesAccountCode: "200",
};
