// What the server saw a person do on a Toronto day, as input to activityBlocks (time/activity-blocks.ts):
// focus spans of ticket pages, the replies and internal notes they wrote, and the status changes they
// made, plus the drafts they already settled. Nothing else counts (docs/features.md "Time: drafts").
import {
  type PgColumn,
  and,
  auditLogs,
  eq,
  gte,
  isNull,
  lt,
  sql,
  ticketComments,
  timeDraftDecisions,
  timeFocusSpans,
  type DbExecutor,
} from "@repo/db";
import type { Activity, SettledRange } from "./activity-blocks.js";

export interface DayActivity {
  activities: Activity[];
  settled: SettledRange[];
}

export async function dayActivity(db: DbExecutor, userId: string, dayStart: Date, dayEnd: Date): Promise<DayActivity> {
  /** An instant of the day. */
  const onDay = (at: PgColumn) => and(gte(at, dayStart), lt(at, dayEnd));
  /** A span that overlaps the day. */
  const overlaps = (start: PgColumn, end: PgColumn) => and(lt(start, dayEnd), gte(end, dayStart));
  const [spans, comments, statusChanges, settled] = await Promise.all([
    db
      .select({ ticketId: timeFocusSpans.ticketId, start: timeFocusSpans.startedAt, end: timeFocusSpans.lastSeenAt })
      .from(timeFocusSpans)
      .where(and(eq(timeFocusSpans.userId, userId), overlaps(timeFocusSpans.startedAt, timeFocusSpans.lastSeenAt))),
    db
      .select({ ticketId: ticketComments.ticketId, at: ticketComments.createdAt, internal: ticketComments.internal })
      .from(ticketComments)
      .where(and(eq(ticketComments.authorId, userId), onDay(ticketComments.createdAt))),
    db
      .select({ ticketId: auditLogs.ticketId, at: auditLogs.createdAt })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.actorId, userId),
          eq(auditLogs.action, "ticket.updated"),
          sql`${auditLogs.changes} ? 'status'`,
          isNull(auditLogs.mergedFromId),
          onDay(auditLogs.createdAt),
        ),
      ),
    db
      .select({ ticketId: timeDraftDecisions.ticketId, start: timeDraftDecisions.start, end: timeDraftDecisions.end })
      .from(timeDraftDecisions)
      .where(and(eq(timeDraftDecisions.userId, userId), overlaps(timeDraftDecisions.start, timeDraftDecisions.end))),
  ]);
  const activities: Activity[] = [
    ...spans.map((s) => ({ ticketId: s.ticketId, kind: "focus" as const, start: s.start, end: s.end })),
    ...comments.map((c) => ({
      ticketId: c.ticketId,
      kind: c.internal ? ("note" as const) : ("reply" as const),
      start: c.at,
      end: c.at,
    })),
    ...statusChanges.flatMap((s) =>
      s.ticketId ? [{ ticketId: s.ticketId, kind: "status" as const, start: s.at, end: s.at }] : [],
    ),
  ];
  return { activities, settled };
}
