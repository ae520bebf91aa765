// What a client sees of a ticket's progress beyond the spec's fields: the statuses it went through and
// when, and when to expect an answer. Only statuses and times leave this module: who changed what, the
// internal notes and the SLA's at-risk state stay with the staff.
import { and, asc, auditLogs, eq, isNotNull, isNull, sql, type DbExecutor, type tickets } from "@repo/db";
import type { Expectations, StatusStep, TicketStatus } from "@repo/validators";
import { clockStops } from "../sla/clock.js";
import { loadClientPolicies } from "../sla/policies.js";

type TicketRow = typeof tickets.$inferSelect;

/** The ticket's statuses, oldest first: the one it was opened with, then each change. */
export async function statusTimeline(db: DbExecutor, ticket: TicketRow): Promise<StatusStep[]> {
  const rows = await db
    .select({ changes: auditLogs.changes, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.ticketId, ticket.id),
        // The statuses of a duplicate merged into this ticket are not this ticket's progress.
        isNull(auditLogs.mergedFromId),
        isNotNull(sql`${auditLogs.changes} -> 'status'`),
      ),
    )
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
  const changes = rows.flatMap((row) => {
    const change = row.changes?.status;
    return change
      ? [{ from: change.from as TicketStatus | null, to: change.to as TicketStatus, at: row.createdAt }]
      : [];
  });
  // The creation's entry records the first status as a change from nothing; older tickets may lack it.
  const [first] = changes;
  const opened = first && first.from == null ? first.to : (first?.from ?? ticket.status);
  const moves = changes.filter((c) => c.from != null);
  return [
    { status: opened, at: ticket.createdAt.toISOString() },
    ...moves.map((c) => ({ status: c.to, at: c.at.toISOString() })),
  ];
}

/** When the client may expect an answer, from the ticket's SLA stamps and its priority's targets on its company's plan. */
export async function expectations(db: DbExecutor, ticket: TicketRow): Promise<Expectations> {
  const policy = (await loadClientPolicies(db, ticket.clientId))[ticket.priority];
  const paused = clockStops(ticket.status);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    firstResponseAt: iso(ticket.firstResponseAt),
    respondBy: ticket.firstResponseAt || paused ? null : iso(ticket.responseDueAt),
    resolveBy: paused ? null : iso(ticket.resolutionDueAt),
    paused,
    target: {
      firstResponseMinutes: policy.firstResponseMinutes,
      resolutionMinutes: policy.resolutionMinutes,
      businessHours: policy.businessHours,
    },
  };
}
