// The staff dashboard's SLA overview (docs/architecture.md, "SLA"): tickets per status, overdue, due today
// and at risk now, and the created/resolved trend of a range of Toronto days.
import { and, count, type DbExecutor, gte, isNull, lt, tickets } from "@repo/db";
import { TICKET_STATUSES, type TicketStatus } from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { endOfLocalDay, localDay, localTime } from "../sla/calendar.js";
import { loadSlaBook } from "../sla/policies.js";
import { findAtRisk, openTickets, overdueAt } from "../sla/queries.js";
import { notHeld } from "../tickets/in-scope.js";
import { dailyCounts } from "./queries.js";

/** The first instant of the range: local midnight `days - 1` days before today, in Toronto. */
const rangeStart = (now: Date, days: number) => new Date(localTime(localDay(now.getTime()) - (days - 1), 0));

/**
 * Counts over every company's tickets: a staff scope only (a company's own figures are the client
 * dashboard's counters, tickets/client-list.ts).
 */
export async function slaOverview(db: DbExecutor, _scope: StaffScope, days: number, now = new Date()) {
  const start = rangeStart(now, days);
  const [byStatus, [overdue], [dueToday], atRisk, daily] = await Promise.all([
    db.select({ status: tickets.status, n: count() }).from(tickets).where(notHeld).groupBy(tickets.status),
    db.select({ n: count() }).from(tickets).where(overdueAt(now)),
    db
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
    loadSlaBook(db).then((book) => findAtRisk(db, book, now)),
    dailyCounts(db, { start, end: endOfLocalDay(now), days }),
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
}
