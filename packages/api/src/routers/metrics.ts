// Staff metrics: the SLA overview of the dashboard (docs/architecture.md, "SLA") and the "Get a quote" click counts.
import type { TRPCRouterRecord } from "@trpc/server";
import { ctaClickCountsSchema, metricsOverviewSchema, metricsRangeQuerySchema } from "@repo/validators";
import { staffProcedure, rest } from "../trpc.js";
import { slaOverview } from "../reports/overview.js";
import { ctaClickCounts } from "../enquiries/cta-clicks.js";

const tags = ["metrics"];

/** "7d", "30d", ...: the number of Toronto days a range covers. */
const daysOf = (range: string) => Number.parseInt(range, 10);

export const metricsRouter = {
  overview: staffProcedure
    .meta(rest("GET", "/metrics/overview", tags, "SLA overview and trend"))
    .input(metricsRangeQuerySchema)
    .output(metricsOverviewSchema)
    .query(({ ctx, input }) => slaOverview(ctx.db, ctx.scope, daysOf(input.range))),

  /** First-party counts of "Get a quote" clicks per service (no cookies, no visitor data). */
  cta: staffProcedure
    .meta(rest("GET", "/metrics/cta", tags, "Get-a-quote clicks per service"))
    .input(metricsRangeQuerySchema)
    .output(ctaClickCountsSchema)
    .query(({ ctx, input }) => ctaClickCounts(ctx.db, daysOf(input.range))),
} satisfies TRPCRouterRecord;
