// GET /api/devices.csv: the device list as a CSV file (CSV is not JSON, so this is a plain route rather
// than a tRPC procedure). Same authentication, query and tenant rule as GET /api/devices.
// GET /api/devices/import-template.csv: the CSV import's template, the same for everyone.
import { deviceListQuerySchema } from "@repo/validators";
import { requireUser } from "../auth/access.js";
import { scopeOf } from "../auth/scope.js";
import { deviceCsvChunks, deviceImportTemplate } from "../devices/csv.js";
import { deviceListBatches } from "../devices/list-batches.js";
import type { AppContext } from "./http.js";

export async function devicesCsvHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  const query = deviceListQuerySchema.parse(c.req.query());
  // Read in keyset batches as the client downloads (pull), so memory holds one batch, not the whole list.
  const chunks = deviceCsvChunks(deviceListBatches(ctx.db, ctx.scope ?? scopeOf(user), query));
  // The header and the first batch are read before answering, so that a failing query is a 500, not a cut file.
  const first = [await chunks.next(), await chunks.next()].flatMap((next) => (next.done ? [] : [next.value]));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    // The UTF-8 byte-order mark makes Excel read accents correctly.
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${first.join("")}`));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
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
