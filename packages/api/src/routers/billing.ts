// Agreements and invoices (docs/features.md §11): the catalogue, tax codes, agreements and prepaid hours,
// billing runs, invoices, credit notes and payments, and what a client sees of its own. An ADMIN writes;
// a VIEWER reads; an AGENT reads only where the billing settings let agents see money; a CLIENT reads its
// own company's approved invoices and prepaid hours.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  agreementCreateInputSchema,
  agreementSchema,
  agreementUpdateInputSchema,
  billingExportSchema,
  billingMonth,
  billingReportInputSchema,
  billingReportSchema,
  billingRunSchema,
  billingSettingsSchema,
  blockCreateInputSchema,
  blockSchema,
  catalogueItemCreateInputSchema,
  catalogueItemSchema,
  catalogueItemUpdateInputSchema,
  creditNoteInputSchema,
  invoiceItemInputSchema,
  invoiceListInputSchema,
  invoiceSchema,
  invoiceSummarySchema,
  paymentInputSchema,
  runPreviewSchema,
  successSchema,
  taxCodeCreateInputSchema,
  taxCodeSchema,
  taxCodeUpdateInputSchema,
} from "@repo/validators";
import { requireMoneyReader } from "../billing/access.js";
import {
  createAgreement,
  deleteAgreement,
  listAgreements,
  readAgreement,
  updateAgreement,
} from "../billing/agreements.js";
import { addBlock, deleteBlock } from "../billing/blocks.js";
import { clientBlocks } from "../billing/client-billing.js";
import { createCatalogueItem, listCatalogue, updateCatalogueItem } from "../billing/catalogue.js";
import { setCompanyBilling } from "../billing/company.js";
import { approveInvoice } from "../billing/invoice-approval.js";
import {
  addItem,
  createCreditNote,
  discardDraft,
  listInvoices,
  readInvoice,
  recordPayment,
  removeItem,
} from "../billing/invoices.js";
import { listExports } from "../billing/export-accounting.js";
import { monthPreview } from "../billing/preview.js";
import { billingReport } from "../billing/reports.js";
import { readRun, startRun } from "../billing/runs.js";
import { readBillingSettings, writeBillingSettings } from "../billing/settings.js";
import { createTaxCode, listTaxCodes, updateTaxCode } from "../billing/tax-codes.js";
import { adminProcedure, clientProcedure, rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["billing"];

/** Staff who may see money: admins and viewers, and agents where the billing settings allow it. */
const moneyProcedure = staffProcedure.use(async ({ ctx, next }) => {
  await requireMoneyReader(ctx.db, ctx.scope);
  return next();
});

const written = async (work: Promise<unknown>) => {
  await work;
  return { success: true as const };
};

export const billingRouter = {
  settings: moneyProcedure
    .meta(rest("GET", "/billing/settings", tags, "The billing settings"))
    .output(billingSettingsSchema)
    .query(({ ctx }) => readBillingSettings(ctx.db)),
  updateSettings: adminProcedure
    .meta(rest("PUT", "/billing/settings", tags, "Change the billing settings (admin)"))
    .input(billingSettingsSchema)
    .output(billingSettingsSchema)
    .mutation(({ ctx, input }) => writeBillingSettings(ctx.db, input, ctx.user.id)),

  taxCodes: moneyProcedure
    .meta(rest("GET", "/billing/tax-codes", tags, "Tax codes"))
    .output(z.array(taxCodeSchema))
    .query(({ ctx }) => listTaxCodes(ctx.db)),
  createTaxCode: adminProcedure
    .meta(rest("POST", "/billing/tax-codes", tags, "Add a tax code (admin)"))
    .input(taxCodeCreateInputSchema)
    .output(taxCodeSchema)
    .mutation(({ ctx, input }) => createTaxCode(ctx.db, input)),
  updateTaxCode: adminProcedure
    .meta(rest("PATCH", "/billing/tax-codes/{id}", tags, "Change, archive or make default a tax code (admin)"))
    .input(taxCodeUpdateInputSchema)
    .output(taxCodeSchema)
    .mutation(({ ctx, input }) => updateTaxCode(ctx.db, input)),
  setCompanyBilling: adminProcedure
    .meta(rest("PUT", "/billing/companies/{clientId}", tags, "A company's tax code and billing contact (admin)"))
    .input(
      z.object({
        clientId: z.uuid("Company not found"),
        taxCodeId: z.uuid("Tax code not found").nullable(),
        billingEmail: z.email("Billing e-mail must be a valid e-mail address").max(254).nullable(),
        billingAddress: z.string().trim().max(500, "Billing address must be at most 500 characters").nullable(),
      }),
    )
    .output(successSchema)
    .mutation(({ ctx, input }) => written(setCompanyBilling(ctx.db, input))),

  catalogue: moneyProcedure
    .meta(rest("GET", "/billing/catalogue", tags, "The catalogue: one-off items and recurring services"))
    .output(z.array(catalogueItemSchema))
    .query(({ ctx }) => listCatalogue(ctx.db)),
  createCatalogueItem: adminProcedure
    .meta(rest("POST", "/billing/catalogue", tags, "Add a catalogue item (admin)"))
    .input(catalogueItemCreateInputSchema)
    .output(catalogueItemSchema)
    .mutation(({ ctx, input }) => createCatalogueItem(ctx.db, input)),
  updateCatalogueItem: adminProcedure
    .meta(rest("PATCH", "/billing/catalogue/{id}", tags, "Change or archive a catalogue item (admin)"))
    .input(catalogueItemUpdateInputSchema)
    .output(catalogueItemSchema)
    .mutation(({ ctx, input }) => updateCatalogueItem(ctx.db, input)),

  agreements: moneyProcedure
    .meta(rest("GET", "/billing/agreements", tags, "Agreements, of one company or all"))
    .input(z.object({ clientId: z.uuid("Company not found").optional() }))
    .output(z.array(agreementSchema))
    .query(({ ctx, input }) => listAgreements(ctx.db, input.clientId)),
  agreement: moneyProcedure
    .meta(rest("GET", "/billing/agreements/{id}", tags, "An agreement with its lines and prepaid hours"))
    .input(idInput)
    .output(agreementSchema)
    .query(({ ctx, input }) => readAgreement(ctx.db, input.id)),
  createAgreement: adminProcedure
    .meta(rest("POST", "/billing/agreements", tags, "Create an agreement (admin)"))
    .input(agreementCreateInputSchema)
    .output(agreementSchema)
    .mutation(({ ctx, input }) => createAgreement(ctx.db, input)),
  updateAgreement: adminProcedure
    .meta(rest("PATCH", "/billing/agreements/{id}", tags, "Change an agreement (admin)"))
    .input(agreementUpdateInputSchema)
    .output(agreementSchema)
    .mutation(({ ctx, input }) => updateAgreement(ctx.db, input)),
  deleteAgreement: adminProcedure
    .meta(rest("DELETE", "/billing/agreements/{id}", tags, "Delete an agreement nothing was invoiced from (admin)"))
    .input(idInput)
    .output(successSchema)
    .mutation(({ ctx, input }) => written(deleteAgreement(ctx.db, input.id))),
  addBlock: adminProcedure
    .meta(rest("POST", "/billing/agreements/{agreementId}/blocks", tags, "Sell a block of prepaid hours (admin)"))
    .input(blockCreateInputSchema)
    .output(blockSchema)
    .mutation(({ ctx, input }) => addBlock(ctx.db, input)),
  deleteBlock: adminProcedure
    .meta(rest("DELETE", "/billing/blocks/{id}", tags, "Delete a block nothing was billed from (admin)"))
    .input(idInput)
    .output(successSchema)
    .mutation(({ ctx, input }) => written(deleteBlock(ctx.db, input.id))),

  startRun: adminProcedure
    .meta(rest("POST", "/billing/runs", tags, "Draft a month's invoices; a run already going is answered"))
    .input(z.object({ month: billingMonth() }))
    .output(billingRunSchema)
    .mutation(async ({ ctx, input }) => (await startRun(ctx.db, input.month, ctx.user.id)).run),
  run: moneyProcedure
    .meta(rest("GET", "/billing/runs/{id}", tags, "A billing run's progress"))
    .input(idInput)
    .output(billingRunSchema)
    .query(({ ctx, input }) => readRun(ctx.db, input.id)),
  month: moneyProcedure
    .meta(rest("GET", "/billing/months/{month}", tags, "A month's invoices with what changed since the month before"))
    .input(z.object({ month: billingMonth() }))
    .output(runPreviewSchema)
    .query(({ ctx, input }) => monthPreview(ctx.db, ctx.scope, input.month)),

  report: moneyProcedure
    .meta(
      rest("GET", "/billing/report", tags, "Recurring revenue, revenue by company, unbilled time, blocks, receivables"),
    )
    .input(billingReportInputSchema)
    .output(billingReportSchema)
    .query(({ ctx, input }) => billingReport(ctx.db, input)),
  exports: moneyProcedure
    .meta(rest("GET", "/billing/exports", tags, "The accounting exports of a month, with what each sent"))
    .input(z.object({ month: billingMonth() }))
    .output(z.array(billingExportSchema))
    .query(({ ctx, input }) => listExports(ctx.db, input.month)),

  invoices: moneyProcedure
    .meta(rest("GET", "/billing/invoices", tags, "Invoices and credit notes", { keyScope: "billing:read" }))
    .input(invoiceListInputSchema)
    .output(z.array(invoiceSummarySchema))
    .query(({ ctx, input }) => listInvoices(ctx.db, ctx.scope, input)),
  invoice: moneyProcedure
    .meta(rest("GET", "/billing/invoices/{id}", tags, "An invoice or credit note", { keyScope: "billing:read" }))
    .input(idInput)
    .output(invoiceSchema)
    .query(({ ctx, input }) => readInvoice(ctx.db, ctx.scope, input.id)),
  approveInvoice: adminProcedure
    .meta(rest("POST", "/billing/invoices/{id}/approve", tags, "Approve a draft: numbered and locked (admin)"))
    .input(idInput)
    .output(invoiceSchema)
    .mutation(async ({ ctx, input }) => {
      await approveInvoice(ctx.db, ctx.files, ctx.scope, input.id);
      return readInvoice(ctx.db, ctx.scope, input.id);
    }),
  discardInvoice: adminProcedure
    .meta(rest("DELETE", "/billing/invoices/{id}", tags, "Discard a draft; the next run drafts it again (admin)"))
    .input(idInput)
    .output(successSchema)
    .mutation(({ ctx, input }) => written(discardDraft(ctx.db, input.id))),
  addInvoiceItem: adminProcedure
    .meta(rest("POST", "/billing/invoices/{invoiceId}/items", tags, "Add a one-off item to a draft (admin)"))
    .input(invoiceItemInputSchema)
    .output(invoiceSchema)
    .mutation(async ({ ctx, input }) => {
      await addItem(ctx.db, input);
      return readInvoice(ctx.db, ctx.scope, input.invoiceId);
    }),
  removeInvoiceItem: adminProcedure
    .meta(rest("DELETE", "/billing/invoice-lines/{id}", tags, "Remove an added item from a draft (admin)"))
    .input(idInput)
    .output(successSchema)
    .mutation(({ ctx, input }) => written(removeItem(ctx.db, input.id))),
  createCreditNote: adminProcedure
    .meta(rest("POST", "/billing/invoices/{invoiceId}/credit-notes", tags, "Draft a credit note (admin)"))
    .input(creditNoteInputSchema)
    .output(invoiceSchema)
    .mutation(async ({ ctx, input }) => readInvoice(ctx.db, ctx.scope, await createCreditNote(ctx.db, input))),
  recordPayment: adminProcedure
    .meta(rest("POST", "/billing/invoices/{invoiceId}/payments", tags, "Record a payment (admin)"))
    .input(paymentInputSchema)
    .output(invoiceSchema)
    .mutation(async ({ ctx, input }) => {
      await recordPayment(ctx.db, input, ctx.user.id);
      return readInvoice(ctx.db, ctx.scope, input.invoiceId);
    }),

  clientInvoices: clientProcedure
    .meta(rest("GET", "/client/invoices", tags, "Your company's invoices"))
    .output(z.array(invoiceSummarySchema))
    .query(({ ctx }) => listInvoices(ctx.db, ctx.scope, {})),
  clientInvoice: clientProcedure
    .meta(rest("GET", "/client/invoices/{id}", tags, "One of your company's invoices"))
    .input(idInput)
    .output(invoiceSchema)
    .query(({ ctx, input }) => readInvoice(ctx.db, ctx.scope, input.id)),
  clientBlocks: clientProcedure
    .meta(rest("GET", "/client/prepaid-hours", tags, "Your company's prepaid hours and what is left"))
    .output(z.array(blockSchema))
    .query(({ ctx }) => clientBlocks(ctx.db, ctx.scope)),
} satisfies TRPCRouterRecord;
