// A ticket's SLA standing for the staff ticket page (docs/architecture.md §9): each target's due time, the
// working time left (negative: overdue) on the ticket's own calendar, holidays included, met or breached
// once done, the time the clock stood still, and until when it keeps running, so the page can count down
// between two reads without doing calendar arithmetic itself.
import { and, eq, isUuid, tickets, type DbExecutor } from "@repo/db";
import type { SlaTargetStanding, TicketSla } from "@repo/validators";
import { ticketNotFound } from "../tickets/queries.js";
import { calendarOf, isFinished } from "./clock.js";
import type { SlaCalendar } from "./calendar.js";
import { loadClientPolicies } from "./policies.js";
import type { Scope } from "../auth/scope.js";
import { ticketsInScope } from "../tickets/in-scope.js";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Working time from `clockNow` to `due` on `calendar`; negative when `due` has passed. */
export function workingTimeLeft(calendar: SlaCalendar, clockNow: Date, due: Date): number {
  return due >= clockNow ? calendar.between(clockNow, due) : -calendar.between(due, clockNow);
}

/** The SLA standing of a ticket in `scope`; any other id is not found. */
export async function ticketSla(db: DbExecutor, scope: Scope, id: string, now = new Date()): Promise<TicketSla> {
  if (!isUuid(id)) throw ticketNotFound();
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), ticketsInScope(scope)));
  if (!row) throw ticketNotFound();
  const policy = (await loadClientPolicies(db, row.clientId))[row.priority];
  const calendar = calendarOf(policy);
  const clockNow = row.pausedAt ?? now;
  const stopped = row.pausedAt !== null;
  const finished = isFinished(row.status);

  const standing = (due: Date | null, doneAt: Date | null, targetMinutes: number): SlaTargetStanding => {
    if (doneAt) {
      return {
        dueAt: iso(due),
        state: due && doneAt > due ? "breached" : "met",
        remainingMs: null,
        doneAt: iso(doneAt),
        targetMinutes,
      };
    }
    return {
      dueAt: iso(due),
      state: stopped ? "paused" : "running",
      remainingMs: due ? workingTimeLeft(calendar, clockNow, due) : null,
      doneAt: null,
      targetMinutes,
    };
  };

  return {
    at: now.toISOString(),
    runningUntil: stopped ? null : iso(calendar.workingUntil(now)),
    calendar: { kind: calendar.kind, description: calendar.description },
    // A finished ticket's clock stopped at resolution: that stop is not time spent waiting.
    pausedMs: row.pausedMs + (row.pausedAt && !finished ? calendar.between(row.pausedAt, now) : 0),
    pausedSince: finished ? null : iso(row.pausedAt),
    reopenedAt: iso(row.reopenedAt),
    response: standing(row.responseDueAt, row.firstResponseAt, policy.firstResponseMinutes),
    resolution: standing(row.resolutionDueAt, row.resolvedAt, policy.resolutionMinutes),
  };
}
