// GET /api/billing/exports/{month}/{file}.csv: a month's approved invoices for the accounting program
// (billing/export-accounting.ts), recorded as exported. A file, not JSON, so a plain route; admins only.
import { billingMonth } from "@repo/validators";
import { requireAdmin, requireUser } from "../auth/access.js";
import { EXPORT_FILES, type ExportFile, exportAccountingFile } from "../billing/export-accounting.js";
import { InvalidError, NotFoundError } from "../errors.js";
import type { AppContext } from "./http.js";

export async function billingExportHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  requireAdmin(user);
  const month = billingMonth().safeParse(c.req.param("month"));
  if (!month.success) throw InvalidError.fromZod(month.error);
  const file = c.req.param("file")?.replace(/\.csv$/, "") as ExportFile;
  if (!EXPORT_FILES.includes(file)) throw NotFoundError.of("Export");
  const made = await exportAccountingFile(ctx.db, month.data, file, user.id);
  return new Response(made.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}-${month.data}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-SHA256": made.sha256,
    },
  });
}
