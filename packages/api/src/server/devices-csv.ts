// GET /api/devices.csv: the device list as a CSV file (CSV is not JSON, so this is a plain route rather
// than a tRPC procedure). Same authentication, query and tenant rule as GET /api/devices.
// GET /api/devices/import-template.csv: the CSV import's template, the same for everyone.
import { deviceListQuerySchema } from "@repo/validators";
import { requireUser } from "../auth/access.js";
import { deviceCsvLines, deviceImportTemplate } from "../devices/csv.js";
import { deviceScope, listDevices } from "../devices/inventory.js";
import type { AppContext } from "./http.js";

export async function devicesCsvHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  const query = deviceListQuerySchema.parse(c.req.query());
  const list = await listDevices(ctx.db, deviceScope(user, query.clientId), query);
  // The UTF-8 byte-order mark makes Excel read accents correctly; the rows are streamed as produced.
  const lines = deviceCsvLines(list);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    pull(controller) {
      const next = lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="devices.csv"',
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The import's columns and one example row. Public: it holds no one's data, and a plain link (which
 * carries no bearer token) can then download it. Cacheable for a day; it changes only with a release.
 */
export function deviceImportTemplateHandler(): Response {
  return new Response(`\uFEFF${deviceImportTemplate()}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="devices-template.csv"',
      "Cache-Control": "public, max-age=86400",
    },
  });
}
