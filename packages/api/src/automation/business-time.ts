// Business time for "status has been X for N business hours/days", on the SLA settings' calendar (its
// one home, sla/policies.ts): working days, opening hours, zone and holidays as an admin set them.
import type { DbExecutor } from "@repo/db";
import type { AutomationTrigger } from "@repo/validators";
import { businessHours, type SlaCalendar } from "../sla/calendar.js";
import { loadPolicies } from "../sla/policies.js";

export interface BusinessClock {
  calendar: SlaCalendar;
  /** A business day's working time: the calendar's opening hours (8 h for 09:00-17:00). */
  dayMs: number;
}

export async function businessClock(db: DbExecutor): Promise<BusinessClock> {
  // Every plan's policies share the one calendar; any priority's carries it.
  const { P3 } = await loadPolicies(db);
  const hours = P3.businessHoursSettings;
  return {
    calendar: P3.calendar ?? businessHours,
    dayMs: hours ? (hours.closeMinutes - hours.openMinutes) * 60_000 : 8 * 3_600_000,
  };
}

type DurationTrigger = Extract<AutomationTrigger, { kind: "status.duration" }>;

/** The working time a duration trigger waits: N hours, or N business days of the calendar's length. */
export const thresholdMs = (trigger: DurationTrigger, clock: BusinessClock): number =>
  trigger.amount * (trigger.unit === "business_hours" ? 3_600_000 : clock.dayMs);

/** Whether a ticket that entered the status at `enteredAt` has been in it long enough by `now`. */
export const durationReached = (trigger: DurationTrigger, clock: BusinessClock, enteredAt: Date, now: Date) =>
  clock.calendar.between(enteredAt, now) >= thresholdMs(trigger, clock);
