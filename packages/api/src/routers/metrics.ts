// Staff metrics: the SLA overview of the dashboard (docs/architecture.md, "SLA") and the "Get a quote" click counts.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { isoDate, metricsRangeSchema, quantity, quantityPer, TICKET_STATUSES } from "@repo/validators";
import { staffProcedure, rest } from "../trpc.js";
import { slaOverview } from "../reports/overview.js";
import { ctaClickCounts } from "../enquiries/cta-clicks.js";

const tags = ["metrics"];

const overviewSchema = z.object({
  /** Every status, zero included. */
  statusCounts: quantityPer(TICKET_STATUSES),
  /** Open tickets whose resolution due time has passed. */
  overdue: quantity(),
  /** Open, running tickets due before the end of today (Toronto), not overdue. */
  dueToday: quantity(),
  /** Open tickets not overdue with 75% or more of a target used. */
  slaAtRisk: quantity(),
  /** One entry per Toronto day of the range, oldest first. */
  trend: z.array(z.object({ day: isoDate(), created: quantity(), resolved: quantity() })),
});

/** "7d", "30d", ...: the number of Toronto days a range covers. */
const daysOf = (range: string) => Number.parseInt(range, 10);

export const metricsRouter = {
  overview: staffProcedure
    .meta(rest("GET", "/metrics/overview", tags, "SLA overview and trend"))
    .input(z.object({ range: metricsRangeSchema }))
    .output(overviewSchema)
    .query(({ ctx, input }) => slaOverview(ctx.db, ctx.scope, daysOf(input.range))),

  /** First-party counts of "Get a quote" clicks per service (no cookies, no visitor data). */
  cta: staffProcedure
    .meta(rest("GET", "/metrics/cta", tags, "Get-a-quote clicks per service"))
    .input(z.object({ range: metricsRangeSchema }))
    .output(
      z.object({
        totals: z.array(z.object({ service: z.string(), count: z.number() })),
        days: z.array(z.object({ day: isoDate(), service: z.string(), count: z.number() })),
      }),
    )
    .query(({ ctx, input }) => ctaClickCounts(ctx.db, daysOf(input.range))),
} satisfies TRPCRouterRecord;
