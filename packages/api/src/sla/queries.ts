// SLA questions the database answers (with the clock's help where SQL cannot do working-time arithmetic),
// shared by the sweep and the metrics.
import {
  and,
  eq,
  gte,
  isNull,
  lte,
  notInArray,
  or,
  type Placeholder,
  sql,
  tickets,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import { FINISHED_STATUSES, TICKET_PRIORITIES } from "@repo/validators";
import { AT_RISK_SHARE, type SlaPolicy, slaStateAt, wallSpanBound } from "./clock.js";
import type { SlaBook } from "./policies.js";

/**
 * Tickets still to be worked on. A held ticket is not one yet (docs/decisions/0027-held-intake.md): no
 * queue, metric, report or SLA clock counts it until staff accept it.
 */
export const openTickets = and(notInArray(tickets.status, [...FINISHED_STATUSES]), eq(tickets.held, false))!;

/** The instant the ticket's clock reads: now (or a placeholder for it, an ISO string), or when it stopped. */
const clockNow = (now: Date | Placeholder) =>
  sql`coalesce(${tickets.pausedAt}, ${now instanceof Date ? now.toISOString() : now}::timestamptz)`;

/** Open tickets whose resolution due time has passed on their clock. */
export const overdueAt = (now: Date | Placeholder) =>
  and(openTickets, sql`${tickets.resolutionDueAt} < ${clockNow(now)}`)!;

/**
 * Open tickets at risk at `now`: not overdue, and 75% or more of a target used. SQL preselects the
 * tickets due within a generous wall-clock bound of their priority's last 25% on any plan (the loosest of
 * the plans' bounds); the clock decides with the ticket's own plan.
 */
export async function findAtRisk(db: DbExecutor, book: SlaBook, now: Date, extra?: SQL) {
  const windows = TICKET_PRIORITIES.map((priority) => {
    const loosest = (pick: (p: SlaPolicy) => number) =>
      Math.max(
        ...[...book.plans.values()].map((plan) => {
          const p = plan[priority];
          return wallSpanBound((1 - (p.atRiskShare ?? AT_RISK_SHARE)) * pick(p) * 60_000, p);
        }),
      );
    const horizon = (ms: number) => sql`${clockNow(now)} + ${`${ms} milliseconds`}::interval`;
    return and(
      sql`${tickets.priority} = ${priority}`,
      or(
        lte(tickets.resolutionDueAt, horizon(loosest((p) => p.resolutionMinutes))),
        and(
          isNull(tickets.firstResponseAt),
          lte(tickets.responseDueAt, horizon(loosest((p) => p.firstResponseMinutes))),
        ),
      ),
    );
  });
  const candidates = await db
    .select()
    .from(tickets)
    .where(and(openTickets, gte(tickets.resolutionDueAt, clockNow(now)), or(...windows), extra));
  return candidates.filter((t) => slaStateAt(t, book.policyOf(t), now) === "at_risk");
}
