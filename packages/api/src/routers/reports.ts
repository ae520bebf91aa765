// The staff reports page's figures (docs/features.md §8): readable by every staff role, a VIEWER included, since
// reporting is what a viewer account is for; never by a client.
import type { TRPCRouterRecord } from "@trpc/server";
import { deflectionReportSchema, reportRangeQuerySchema, reportSchema } from "@repo/validators";
import { deflectionReport } from "../knowledge/deflections.js";
import { buildReport } from "../reports/queries.js";
import { rest, staffProcedure } from "../trpc.js";

const tags = ["reports"];

export const reportsRouter = {
  summary: staffProcedure
    .meta(rest("GET", "/reports", tags, "Ticket figures over a range of days (Toronto), for the reports page"))
    .input(reportRangeQuerySchema)
    .output(reportSchema)
    .query(({ ctx, input }) => buildReport(ctx.db, input, new Date())),

  /** Self-service: forms where an offered article was opened, and whether a ticket followed (§17). */
  deflection: staffProcedure
    .meta(rest("GET", "/reports/deflection", tags, "Articles opened from new-ticket forms, and the tickets not sent"))
    .input(reportRangeQuerySchema)
    .output(deflectionReportSchema)
    .query(({ ctx, input }) => deflectionReport(ctx.db, input, new Date())),
} satisfies TRPCRouterRecord;
