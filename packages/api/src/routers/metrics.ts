// Staff metrics: the SLA overview of the dashboard (docs/architecture.md, "SLA") and the "Get a quote" click counts.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { and, count, ctaClicks, gte, isNull, lt, tickets } from "@repo/db";
import {
  isoDate,
  metricsRangeSchema,
  quantity,
  quantityPer,
  TICKET_STATUSES,
  type TicketStatus,
} from "@repo/validators";
import { staffProcedure, rest } from "../trpc.js";
import { endOfLocalDay, localDateAfter, localDay, localTime } from "../sla/calendar.js";
import { loadPolicies } from "../sla/policies.js";
import { findAtRisk, openTickets, overdueAt } from "../sla/queries.js";
import { dailyCounts } from "../reports/queries.js";

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

/** The first instant of the range: local midnight `days - 1` days before today, in Toronto. */
const rangeStart = (now: Date, days: number) => new Date(localTime(localDay(now.getTime()) - (days - 1), 0));
export const metricsRouter = {
  overview: staffProcedure
    .meta(rest("GET", "/metrics/overview", tags, "SLA overview and trend"))
    .input(z.object({ range: metricsRangeSchema }))
    .output(overviewSchema)
    .query(async ({ ctx, input }) => {
      const now = new Date();
      const days = Number.parseInt(input.range, 10);
      const start = rangeStart(now, days);
      const [byStatus, [overdue], [dueToday], atRisk, daily] = await Promise.all([
        ctx.db.select({ status: tickets.status, n: count() }).from(tickets).groupBy(tickets.status),
        ctx.db.select({ n: count() }).from(tickets).where(overdueAt(now)),
        ctx.db
          .select({ n: count() })
          .from(tickets)
          .where(
            and(
              openTickets,
              isNull(tickets.pausedAt),
              gte(tickets.resolutionDueAt, now),
              lt(tickets.resolutionDueAt, endOfLocalDay(now)),
            ),
          ),
        loadPolicies(ctx.db).then((policies) => findAtRisk(ctx.db, policies, now)),
        dailyCounts(ctx.db, { start, end: endOfLocalDay(now), days }),
      ]);

      const statusCounts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
      for (const row of byStatus) statusCounts[row.status] = row.n;
      const trend = daily.map(({ day, opened, resolved }) => ({ day, created: opened, resolved }));
      return {
        statusCounts,
        overdue: overdue?.n ?? 0,
        dueToday: dueToday?.n ?? 0,
        slaAtRisk: atRisk.length,
        trend,
      };
    }),

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
    .query(async ({ ctx, input }) => {
      const now = new Date();
      const days = Number.parseInt(input.range, 10);
      const firstDay = localDateAfter(now, -(days - 1));
      const rows = await ctx.db
        .select()
        .from(ctaClicks)
        .where(gte(ctaClicks.day, firstDay))
        .orderBy(ctaClicks.day, ctaClicks.service);
      const totals = new Map<string, number>();
      for (const r of rows) totals.set(r.service, (totals.get(r.service) ?? 0) + r.count);
      return {
        totals: [...totals].map(([service, n]) => ({ service, count: n })).sort((a, b) => b.count - a.count),
        days: rows.map((r) => ({ day: r.day, service: r.service, count: r.count })),
      };
    }),
} satisfies TRPCRouterRecord;
