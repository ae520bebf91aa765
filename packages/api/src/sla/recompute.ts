// Recomputes every ticket's due times and SLA state from its stamps and the current policies: after the
// demo seed (whose rows carry stamps but no due times) and after an SLA policy changes.
import { asc, eq, gt, tickets, type Database } from "@repo/db";
import { clockStops, dueTimes, slaStateAt } from "./clock.js";
import { loadPolicies } from "./policies.js";

const BATCH = 500;

export async function recomputeAllSla(db: Database, now = new Date()): Promise<number> {
  const policies = await loadPolicies(db);
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const batch: (typeof tickets.$inferSelect)[] = await db
      .select()
      .from(tickets)
      .where(after ? gt(tickets.id, after) : undefined)
      .orderBy(asc(tickets.id))
      .limit(BATCH);
    if (batch.length === 0) return count;
    await db.transaction(async (tx) => {
      for (const row of batch) {
        const policy = policies[row.priority];
        // A stopped status with no stop recorded (seeded rows): the clock stopped when it was resolved.
        const pausedAt = clockStops(row.status)
          ? (row.pausedAt ?? row.resolvedAt ?? row.closedAt ?? now)
          : row.pausedAt;
        const fields = { ...row, pausedAt };
        const next = { ...fields, ...dueTimes(fields, policy) };
        await tx
          .update(tickets)
          .set({
            pausedAt,
            responseDueAt: next.responseDueAt,
            resolutionDueAt: next.resolutionDueAt,
            slaState: slaStateAt(next, policy, now),
            // Keep updatedAt: a recompute is not an edit anyone made.
            updatedAt: row.updatedAt,
          })
          .where(eq(tickets.id, row.id));
      }
    });
    count += batch.length;
    after = batch[batch.length - 1]!.id;
  }
}
