// The periodic SLA sweep: time alone moves tickets into at-risk and overdue, so something must notice.
// Writes keep slaState current themselves; the sweep only handles the crossings that happen between
// writes, and publishes `sla.state` for each. Safe on several instances: every transition is one
// `UPDATE ... WHERE sla_state <> new RETURNING`, so exactly one instance wins it and publishes.
import { and, eq, inArray, isNull, ne, tickets, type Database, type SQL } from "@repo/db";
import type { SlaAlertState } from "@repo/validators";
import type { EventBus } from "../events.js";
import { runPeriodically } from "../lib/periodic.js";
import { afterSlaTransition } from "../tickets/after-change.js";
import { loadSlaBook } from "./policies.js";
import { findAtRisk, overdueAt } from "./queries.js";
import { log } from "../logger.js";
import { systemScope, type Scope } from "../auth/scope.js";
import { ticketsInScope } from "../tickets/in-scope.js";

export const SLA_SWEEP_INTERVAL_MS = 60_000;

export interface SlaTransition {
  ticketId: string;
  clientId: string;
  state: SlaAlertState;
}

/** Moves the tickets in `scope` (the timer's: `systemScope("job")`, every company) whose SLA state time changed. */
export async function sweepSla(db: Database, bus: EventBus, scope: Scope, now = new Date()): Promise<SlaTransition[]> {
  const inScope = ticketsInScope(scope);
  // Overdue is decidable in SQL: the resolution due time passed on the running clock.
  const overdue = await transition(db, "overdue", and(inScope, overdueAt(now), ne(tickets.slaState, "overdue"))!);

  // At risk needs working-time arithmetic; paused tickets got their state when they were paused.
  const book = await loadSlaBook(db);
  const atRiskIds = (
    await findAtRisk(db, book, now, and(inScope, eq(tickets.slaState, "ok"), isNull(tickets.pausedAt)))
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
      log.error({ err: error }, "publishing sla.state failed");
    }
  }
  return transitions;
}

/** One UPDATE ... RETURNING: only the rows this instance moved come back, their mails in the same transaction. */
async function transition(db: Database, state: SlaTransition["state"], where: SQL): Promise<SlaTransition[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.update(tickets).set({ slaState: state }).where(where).returning();
    for (const row of rows) await afterSlaTransition(tx, row, state);
    return rows.map((row) => ({ ticketId: row.id, clientId: row.clientId, state }));
  });
}

/** Runs the sweep now and every `intervalMs`; the returned function stops it (see lib/periodic.ts). */
export function startSlaSweep(db: Database, bus: EventBus, intervalMs = SLA_SWEEP_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("SLA sweep", intervalMs, () => sweepSla(db, bus, systemScope("job")));
}
