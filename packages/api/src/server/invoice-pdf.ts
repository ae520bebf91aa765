// GET /api/billing/invoices/{id}/pdf (staff who see money) and GET /api/client/invoices/{id}/pdf (a
// client's own approved invoices): the invoice as a PDF (billing/invoice-pdf.ts). A file, so plain routes;
// the same reads as the invoice page, so the same invoices are found or not.
import { requireCompanyScope } from "../auth/scope.js";
import { requireStaff, requireUser } from "../auth/access.js";
import { requireMoneyReader } from "../billing/access.js";
import { invoicePdf } from "../billing/invoice-pdf.js";
import { readInvoice } from "../billing/invoices.js";
import { readBillingSettings } from "../billing/settings.js";
import { readIdentity } from "../site-content/published.js";
import type { AppContext } from "./http.js";

async function pdfResponse(ctx: Awaited<ReturnType<AppContext["var"]["context"]>>, id: string): Promise<Response> {
  const scope = ctx.scope!;
  const [invoice, settings, provider] = await Promise.all([
    readInvoice(ctx.db, scope, id),
    readBillingSettings(ctx.db),
    readIdentity(ctx.db),
  ]);
  const name = invoice.number ?? `draft-${invoice.id}`;
  return new Response(new Uint8Array(await invoicePdf(invoice, settings, provider)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function staffInvoicePdfHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  requireStaff(requireUser(ctx.user));
  await requireMoneyReader(ctx.db, ctx.scope!);
  return pdfResponse(ctx, c.req.param("id") ?? "");
}

export async function clientInvoicePdfHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  requireUser(ctx.user);
  requireCompanyScope(ctx.scope);
  return pdfResponse(ctx, c.req.param("id") ?? "");
}
