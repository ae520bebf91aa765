// Recomputes tickets' due times and SLA state from their stamps and the current policies: every ticket after
// the demo seed (whose rows carry stamps but no due times), the open ones after an admin changes the policy.
import { asc, and, eq, gt, tickets, type Database, type DbExecutor, type SQL } from "@repo/db";
import { clockStops, dueTimes, slaStateAt } from "./clock.js";
import { loadSlaBook } from "./policies.js";
import { openTickets } from "./queries.js";

const BATCH = 500;

type TicketRow = typeof tickets.$inferSelect;

export interface Recomputed {
  ticketId: string;
  clientId: string;
  /** The SLA state changed with the new due times. */
  stateChanged: boolean;
}

/** Recomputes the tickets `where` selects, in batches of 500 in id order, each batch in a transaction (a savepoint
 * inside the caller's). */
async function recompute(db: Database | DbExecutor, now: Date, where?: SQL): Promise<Recomputed[]> {
  const book = await loadSlaBook(db);
  const done: Recomputed[] = [];
  let after: string | null = null;
  for (;;) {
    const batch: TicketRow[] = await db
      .select()
      .from(tickets)
      .where(and(after ? gt(tickets.id, after) : undefined, where))
      .orderBy(asc(tickets.id))
      .limit(BATCH);
    if (batch.length === 0) return done;
    const write = async (tx: DbExecutor) => {
      for (const row of batch) {
        const policy = book.policyOf(row);
        // A stopped status with no stop recorded (seeded rows): the clock stopped when it was resolved.
        const pausedAt = clockStops(row.status)
          ? (row.pausedAt ?? row.resolvedAt ?? row.closedAt ?? now)
          : row.pausedAt;
        const fields = { ...row, pausedAt };
        const next = { ...fields, ...dueTimes(fields, policy) };
        const slaState = slaStateAt(next, policy, now);
        await tx
          .update(tickets)
          .set({
            pausedAt,
            responseDueAt: next.responseDueAt,
            resolutionDueAt: next.resolutionDueAt,
            slaState,
            // Keep updatedAt: a recompute is not an edit anyone made.
            updatedAt: row.updatedAt,
          })
          .where(eq(tickets.id, row.id));
        done.push({ ticketId: row.id, clientId: row.clientId, stateChanged: slaState !== row.slaState });
      }
    };
    await db.transaction(write);
    after = batch[batch.length - 1]!.id;
  }
}

export async function recomputeAllSla(db: Database, now = new Date()): Promise<number> {
  return (await recompute(db, now, eq(tickets.held, false))).length;
}

/**
 * The open tickets (of the companies `companies` selects, else all), inside the caller's transaction: after
 * a policy or plan change, within the change.
 */
export function recomputeOpenSla(tx: DbExecutor, now = new Date(), companies?: SQL): Promise<Recomputed[]> {
  return recompute(tx, now, and(openTickets, companies)!);
}
