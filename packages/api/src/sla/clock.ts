// The SLA clock (docs/architecture.md, "SLA"), as pure functions: what a ticket's SLA fields become after a change,
// and whether it is ok, at risk or overdue at a given moment.
//
// The model: working time runs from creation on the policy's calendar. It stops while the ticket waits on
// the customer or is on hold (and once it is resolved or closed). A reopened ticket's resolution clock
// starts again from the reopening (docs/decisions/0016-reopen-restarts-resolution.md). `pausedMs` holds
// the working time of finished stops, `pausedAt` the start of the current one.
// Due times are creation + target + paused working time, recomputed on every change, so a priority or
// policy change never loses pause time.
import { FINISHED_STATUSES, PAUSED_STATUSES, type TicketPriority, type TicketStatus } from "@repo/validators";
import {
  aroundTheClock,
  type BusinessHours,
  businessHours,
  STANDARD_BUSINESS_HOURS,
  type SlaCalendar,
} from "./calendar.js";

export interface SlaPolicy {
  priority: TicketPriority;
  firstResponseMinutes: number;
  resolutionMinutes: number;
  /** false: around the clock (P1). */
  businessHours: boolean;
  /** The business-hours calendar (the admin's, with holidays); the standard one when absent. */
  calendar?: SlaCalendar;
  /** What `calendar` was built from, for the SQL preselection's wall-clock bound. */
  businessHoursSettings?: BusinessHours;
  /** The share of a target used from which a ticket is at risk; AT_RISK_SHARE when absent. */
  atRiskShare?: number;
}

import type { SlaState } from "@repo/validators";

export type { SlaState };

/** The SLA fields of a ticket row. */
export interface SlaFields {
  createdAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  responseDueAt: Date | null;
  resolutionDueAt: Date | null;
  pausedMs: number;
  pausedAt: Date | null;
  /** The last reopening; the resolution clock runs from here instead of creation. */
  reopenedAt: Date | null;
}

/** The SLA fields of a ticket created at `createdAt`, before its first change: nothing stamped or due. */
export const blankSla = (createdAt: Date): SlaFields => ({
  createdAt,
  firstResponseAt: null,
  resolvedAt: null,
  closedAt: null,
  responseDueAt: null,
  resolutionDueAt: null,
  pausedMs: 0,
  pausedAt: null,
  reopenedAt: null,
});

/** At-risk threshold before an admin sets one: this share of the target used. */
export const AT_RISK_SHARE = 0.75;
const MINUTE = 60_000;

export const calendarOf = (policy: Pick<SlaPolicy, "businessHours" | "calendar">): SlaCalendar =>
  policy.businessHours ? (policy.calendar ?? businessHours) : aroundTheClock;

export const isFinished = (status: TicketStatus) => FINISHED_STATUSES.includes(status);
/** The clock stands still in these statuses. */
export const clockStops = (status: TicketStatus) => PAUSED_STATUSES.includes(status) || isFinished(status);

/** A stretch during which the clock stood still; `to` null while it still stands. */
export interface StopInterval {
  from: Date;
  to: Date | null;
}

/** The working time of finished stops on `calendar`: how pausedMs is re-expressed when a calendar changes. */
export function pausedWorkingTime(stops: StopInterval[], calendar: SlaCalendar): number {
  return stops.reduce((sum, s) => (s.to ? sum + calendar.between(s.from, s.to) : sum), 0);
}

/** Due times on `policy` for a ticket's current stamps and pauses. */
export function dueTimes(t: SlaFields, policy: SlaPolicy): Pick<SlaFields, "responseDueAt" | "resolutionDueAt"> {
  const calendar = calendarOf(policy);
  const due = (from: Date, minutes: number) => calendar.add(from, minutes * MINUTE + t.pausedMs);
  return {
    // Once answered, the response due time is history: later pauses and changes no longer move it.
    responseDueAt:
      t.firstResponseAt && t.responseDueAt ? t.responseDueAt : due(t.createdAt, policy.firstResponseMinutes),
    // A reopened ticket's resolution clock starts again at the reopening (decision 0016).
    resolutionDueAt: due(t.reopenedAt ?? t.createdAt, policy.resolutionMinutes),
  };
}

export interface SlaChange {
  /** The status after the change (unchanged statuses too). */
  status: TicketStatus;
  /** The policy of the priority after the change. `previous.pausedMs` must be on this policy's calendar. */
  policy: SlaPolicy;
  /** A public staff reply is part of this change. */
  staffReply?: boolean;
}

/**
 * The SLA fields after a change made at `now`: stops and restarts the clock, stamps first response
 * (a public staff reply, or a status past NEW), resolution and closing, and recomputes the due times.
 */
export function applyChange(previous: SlaFields, change: SlaChange, now: Date): SlaFields {
  const calendar = calendarOf(change.policy);
  const next: SlaFields = { ...previous };
  const stopped = next.pausedAt !== null;
  const stops = clockStops(change.status);
  if (previous.resolvedAt && !isFinished(change.status)) {
    // Reopening (docs/decisions/0016-reopen-restarts-resolution.md): the resolution target starts again in
    // full from now, so earlier stops no longer count; the clock runs unless the new status stops it.
    next.reopenedAt = now;
    next.pausedMs = 0;
    next.pausedAt = stops ? now : null;
  } else if (stopped && !stops) {
    next.pausedMs += calendar.between(next.pausedAt!, now);
    next.pausedAt = null;
  } else if (!stopped && stops) {
    next.pausedAt = now;
  }
  if (!next.firstResponseAt && (change.staffReply || change.status !== "NEW")) next.firstResponseAt = now;
  if (isFinished(change.status)) next.resolvedAt ??= now;
  else next.resolvedAt = null;
  if (change.status === "CLOSED") next.closedAt ??= now;
  else next.closedAt = null;
  return { ...next, ...dueTimes(next, change.policy) };
}

/**
 * ok / at_risk / overdue at `now`. Overdue: the resolution due time has passed on the running clock.
 * At risk: not overdue, and 75% or more of the resolution target used, or of the response target while
 * no one has answered yet. Finished tickets are always ok. A stopped clock reads at the moment it stopped.
 */
export function slaStateAt(t: SlaFields & { status: TicketStatus }, policy: SlaPolicy, now: Date): SlaState {
  if (isFinished(t.status) || !t.resolutionDueAt) return "ok";
  const clockNow = t.pausedAt ?? now;
  if (t.resolutionDueAt.getTime() < clockNow.getTime()) return "overdue";
  const calendar = calendarOf(policy);
  const share = policy.atRiskShare ?? AT_RISK_SHARE;
  const used = (due: Date, targetMinutes: number) =>
    targetMinutes <= 0 ? 1 : 1 - calendar.between(clockNow, due) / (targetMinutes * MINUTE);
  if (used(t.resolutionDueAt, policy.resolutionMinutes) >= share) return "at_risk";
  if (!t.firstResponseAt && t.responseDueAt && used(t.responseDueAt, policy.firstResponseMinutes) >= share) {
    return "at_risk";
  }
  return "ok";
}

/**
 * An upper bound on the wall-clock span of `ms` working time, so that SQL can preselect the few tickets
 * whose exact state the clock then decides: 8 working hours per weekday, plus nights and weekends.
 */
export function wallSpanBound(ms: number, policy: SlaPolicy): number {
  if (!policy.businessHours) return ms;
  const hours = policy.businessHoursSettings ?? STANDARD_BUSINESS_HOURS;
  const dayMs = Math.max(MINUTE, (hours.closeMinutes - hours.openMinutes) * MINUTE);
  const perWeek = Math.max(1, hours.workDays.length);
  // Every holiday counted as if it fell inside the span: loose, but never too short.
  const days = Math.ceil(ms / dayMs) + 1 + hours.holidays.length;
  const weeks = Math.ceil(days / perWeek) + 1;
  return weeks * 7 * 24 * 60 * MINUTE;
}
