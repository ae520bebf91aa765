// The words of a ticket's SLA countdown (docs/architecture.md §9). The server says how much working time is
// left at the moment it answered and until when the clock keeps running; between two reads the page only
// subtracts the wall time that passed, capped at that point, so it never does calendar arithmetic itself.
import type { TicketSla, SlaTargetStanding } from "@repo/validators";

const MINUTE = 60_000;

/** "3 h 20 min", "45 min", "less than 1 min". */
export function formatWorkingTime(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE);
  if (minutes < 1) return "less than 1 min";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Working time left on `standing` at `now` (client clock), given the data arrived at `receivedAt` (client
 * clock); null once the target is done. The server's `at` and `runningUntil` give how long the clock runs
 * from the answer, so the client's clock offset does not matter.
 */
export function remainingAt(
  sla: TicketSla,
  standing: SlaTargetStanding,
  receivedAt: number,
  now: number,
): number | null {
  if (standing.remainingMs === null) return null;
  if (standing.state !== "running" || !sla.runningUntil) return standing.remainingMs;
  const runs = Date.parse(sla.runningUntil) - Date.parse(sla.at);
  return standing.remainingMs - Math.max(0, Math.min(now - receivedAt, runs));
}

/** Whether the clock stopped running since the answer (closing time passed): time to read again. */
export const runningEnded = (sla: TicketSla, receivedAt: number, now: number): boolean =>
  sla.runningUntil !== null && now - receivedAt >= Date.parse(sla.runningUntil) - Date.parse(sla.at);

/** "3 h 20 min business time left", "Overdue by 1 h 5 min", "Met", "Breached". */
export function describeStanding(sla: TicketSla, standing: SlaTargetStanding, remaining: number | null): string {
  if (standing.state === "met") return "Met";
  if (standing.state === "breached") return "Breached";
  if (remaining === null) return "No due time";
  const kind = sla.calendar.kind === "business" ? " business time" : "";
  const text =
    remaining >= 0
      ? `${formatWorkingTime(remaining)}${kind} left`
      : `Overdue by ${formatWorkingTime(remaining)}${kind}`;
  return standing.state === "paused" ? `${text} (clock paused)` : text;
}
