// GET /api/time/entries.csv?from=&to=: the range's time entries as a CSV file (not JSON, so a plain route).
// The reports' readers only: an ADMIN or a VIEWER (an AGENT reads their own time, not everyone's).
import { timeRangeInputSchema } from "@repo/validators";
import { requireUser } from "../auth/access.js";
import { timeEntriesCsv } from "../time/reports.js";
import type { AppContext } from "./http.js";

export async function timeCsvHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  const range = timeRangeInputSchema.parse(c.req.query());
  return new Response(`\uFEFF${await timeEntriesCsv(ctx.db, user, range)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="time-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
