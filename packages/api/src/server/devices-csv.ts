// GET /api/devices.csv: the device list as a CSV file (CSV is not JSON, so this is a plain route rather
// than a tRPC procedure). Same authentication, query and tenant rule as GET /api/devices.
import type { Context as HonoContext } from "hono";
import { TRPCError } from "@trpc/server";
import { deviceListQuerySchema } from "@repo/validators";
import { deviceCsvLines } from "../devices/csv.js";
import { deviceScope, listDevices } from "../devices/inventory.js";
import { createContext, zodIssues, type AppServices } from "../trpc.js";
import { clientIp } from "./client-ip.js";

const STATUS_OF: Partial<Record<TRPCError["code"], 400 | 401 | 403 | 404>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
};

export function devicesCsvHandler(services: AppServices) {
  return async (c: HonoContext): Promise<Response> => {
    const ctx = await createContext(services, {
      headers: c.req.raw.headers,
      ip: clientIp(c, services.config),
      resHeaders: new Headers(),
    });
    if (!ctx.user) return c.json({ error: "Authentication required", code: "UNAUTHORIZED" }, 401);
    const query = deviceListQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issues = zodIssues(query.error);
      return c.json({ error: issues.map((i) => i.message).join(". "), code: "BAD_REQUEST", issues }, 400);
    }
    let list;
    try {
      list = await listDevices(ctx.db, deviceScope(ctx.user, query.data.clientId), query.data);
    } catch (error) {
      const status = error instanceof TRPCError ? STATUS_OF[error.code] : undefined;
      if (!status) throw error;
      return c.json({ error: (error as TRPCError).message, code: (error as TRPCError).code }, status);
    }
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
  };
}
