// The staff reports page's figures (docs/features.md §8): readable by every staff role, a VIEWER included, since
// reporting is what a viewer account is for; never by a client.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { isoDate, quantity, reportRangeQuerySchema, ticketPrioritySchema } from "@repo/validators";
import { buildReport } from "../reports/queries.js";
import { rest, staffProcedure } from "../trpc.js";

const tags = ["reports"];

const bucketsSchema = z.array(z.object({ bucket: z.string(), tickets: quantity() }));

const satisfactionRowSchema = z.object({
  good: quantity(),
  bad: quantity(),
  total: quantity(),
  /** Share of good ratings, one decimal; null without ratings. */
  percentGood: z.number().nullable(),
});

const reportSchema = z.object({
  from: isoDate(),
  to: isoDate(),
  /** One entry per Toronto day of the range, oldest first. */
  daily: z.array(z.object({ day: isoDate(), opened: quantity(), resolved: quantity() })),
  /** Per priority, of the tickets opened in the range whose outcome is known: targets met, and the share. */
  slaAttainment: z.array(
    z.object({
      priority: ticketPrioritySchema,
      responseKnown: quantity(),
      responseMet: quantity(),
      responsePercent: z.number().nullable(),
      resolutionKnown: quantity(),
      resolutionMet: quantity(),
      resolutionPercent: z.number().nullable(),
    }),
  ),
  /** Time from opening to the first answer, of the tickets opened in the range. */
  firstResponse: bucketsSchema,
  /** Time from opening to resolution, of the tickets opened in the range. */
  resolution: bucketsSchema,
  /** The open tickets now, by age. */
  backlogByAge: bucketsSchema,
  /** Tickets opened in the range per client, most first (the top 20). */
  volumeByClient: z.array(z.object({ clientId: z.string(), name: z.string(), opened: quantity() })),
  /** Satisfaction ratings given in the range: overall, per agent credited and per client, most rated first. */
  satisfaction: z.object({
    overall: satisfactionRowSchema,
    byAgent: z.array(satisfactionRowSchema.extend({ agentId: z.string().nullable(), name: z.string() })),
    byClient: z.array(satisfactionRowSchema.extend({ clientId: z.string(), name: z.string() })),
  }),
  /** The devices named by the most tickets opened in the range, most first (the top 10). */
  topDevices: z.array(
    z.object({ deviceId: z.string(), label: z.string(), clientName: z.string(), tickets: quantity() }),
  ),
});

export const reportsRouter = {
  summary: staffProcedure
    .meta(rest("GET", "/reports", tags, "Ticket figures over a range of days (Toronto), for the reports page"))
    .input(reportRangeQuerySchema)
    .output(reportSchema)
    .query(({ ctx, input }) => buildReport(ctx.db, input, new Date())),
} satisfies TRPCRouterRecord;
