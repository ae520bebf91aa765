// The periodic SLA sweep: time alone moves tickets into at-risk and overdue, so something must notice.
// Writes keep slaState current themselves; the sweep only handles the crossings that happen between
// writes, and publishes `sla.state` for each. Safe on several instances: every transition is one
// `UPDATE ... WHERE sla_state <> new RETURNING`, so exactly one instance wins it and publishes.
import { and, eq, inArray, isNull, lte, gte, ne, notInArray, or, sql, tickets, type Database } from "@repo/db";
import { FINISHED_STATUSES, TICKET_PRIORITIES } from "@repo/validators";
import type { EventBus } from "../events.js";
import { AT_RISK_SHARE, slaStateAt, wallSpanBound } from "./clock.js";
import { loadPolicies } from "./policies.js";

export const SLA_SWEEP_INTERVAL_MS = 60_000;

export interface SlaTransition {
  ticketId: string;
  clientId: string;
  state: "at_risk" | "overdue";
}

const open = notInArray(tickets.status, [...FINISHED_STATUSES]);

export async function sweepSla(db: Database, bus: EventBus, now = new Date()): Promise<SlaTransition[]> {
  // Overdue is decidable in SQL: the resolution due time passed on the running clock.
  const overdue = await db
    .update(tickets)
    .set({ slaState: "overdue" })
    .where(
      and(
        open,
        ne(tickets.slaState, "overdue"),
        sql`${tickets.resolutionDueAt} < coalesce(${tickets.pausedAt}, ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ ticketId: tickets.id, clientId: tickets.clientId });

  // At risk needs working-time arithmetic: SQL preselects running tickets due within a generous wall-clock
  // bound of their priority's last 25%, and the clock decides.
  const policies = await loadPolicies(db);
  const windows = TICKET_PRIORITIES.map((priority) => {
    const p = policies[priority];
    const horizon = (minutes: number) => new Date(now.getTime() + wallSpanBound((1 - AT_RISK_SHARE) * minutes * 60_000, p));
    return and(
      eq(tickets.priority, priority),
      or(
        lte(tickets.resolutionDueAt, horizon(p.resolutionMinutes)),
        and(isNull(tickets.firstResponseAt), lte(tickets.responseDueAt, horizon(p.firstResponseMinutes))),
      ),
    );
  });
  const candidates = await db
    .select()
    .from(tickets)
    .where(and(open, eq(tickets.slaState, "ok"), isNull(tickets.pausedAt), gte(tickets.resolutionDueAt, now), or(...windows)));
  const atRiskIds = candidates
    .filter((t) => slaStateAt(t, policies[t.priority], now) === "at_risk")
    .map((t) => t.id);
  const atRisk = atRiskIds.length
    ? await db
        .update(tickets)
        .set({ slaState: "at_risk" })
        .where(and(inArray(tickets.id, atRiskIds), eq(tickets.slaState, "ok")))
        .returning({ ticketId: tickets.id, clientId: tickets.clientId })
    : [];

  const transitions: SlaTransition[] = [
    ...overdue.map((t) => ({ ...t, state: "overdue" as const })),
    ...atRisk.map((t) => ({ ...t, state: "at_risk" as const })),
  ];
  for (const t of transitions) {
    try {
      // SLA state is a staff concern (metrics): internal, so clients' sockets never receive it.
      await bus.publish({ type: "sla.state", ticketId: t.ticketId, clientId: t.clientId, internal: true });
    } catch (error) {
      console.error("publishing sla.state failed", error);
    }
  }
  return transitions;
}

/**
 * Runs the sweep now and every `intervalMs` without keeping the process alive. The returned stop
 * function resolves once a sweep in flight has finished, so the database can be closed after it.
 */
export function startSlaSweep(db: Database, bus: EventBus, intervalMs = SLA_SWEEP_INTERVAL_MS): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return; // a slow sweep is never overlapped by the next one
    current = sweepSla(db, bus)
      .then(() => undefined, (error: unknown) => console.error("SLA sweep failed", error))
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
