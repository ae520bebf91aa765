// The periodic SLA sweep: time alone moves tickets into at-risk and overdue, so something must notice.
// Writes keep slaState current themselves; the sweep only handles the crossings that happen between
// writes, and publishes `sla.state` for each. Safe on several instances: every transition is one
// `UPDATE ... WHERE sla_state <> new RETURNING`, so exactly one instance wins it and publishes.
import { and, eq, inArray, isNull, ne, tickets, type Database, type SQL } from "@repo/db";
import type { EventBus } from "../events.js";
import { afterSlaTransition } from "./after-transition.js";
import { loadPolicies } from "./policies.js";
import { findAtRisk, overdueAt } from "./queries.js";

export const SLA_SWEEP_INTERVAL_MS = 60_000;

export interface SlaTransition {
  ticketId: string;
  clientId: string;
  state: "at_risk" | "overdue";
}

export async function sweepSla(db: Database, bus: EventBus, now = new Date()): Promise<SlaTransition[]> {
  // Overdue is decidable in SQL: the resolution due time passed on the running clock.
  const overdue = await transition(db, "overdue", and(overdueAt(now), ne(tickets.slaState, "overdue"))!);

  // At risk needs working-time arithmetic; paused tickets got their state when they were paused.
  const policies = await loadPolicies(db);
  const atRiskIds = (
    await findAtRisk(db, policies, now, and(eq(tickets.slaState, "ok"), isNull(tickets.pausedAt)))
  ).map((t) => t.id);
  const atRisk = atRiskIds.length
    ? await transition(db, "at_risk", and(inArray(tickets.id, atRiskIds), eq(tickets.slaState, "ok"))!)
    : [];

  const transitions = [...overdue, ...atRisk];
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

/** One UPDATE ... RETURNING: only the rows this instance moved come back, with their hooks in the same transaction. */
async function transition(db: Database, state: SlaTransition["state"], where: SQL): Promise<SlaTransition[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.update(tickets).set({ slaState: state }).where(where).returning();
    for (const row of rows) await afterSlaTransition(tx, row, state);
    return rows.map((row) => ({ ticketId: row.id, clientId: row.clientId, state }));
  });
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
      .then(
        () => undefined,
        (error: unknown) => console.error("SLA sweep failed", error),
      )
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
