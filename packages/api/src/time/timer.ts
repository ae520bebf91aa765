// The running timer (docs/features.md §10): one per person, kept on the server so it survives reloads,
// tabs and devices. Starting another stops the first and records it; every timer change of one person
// runs under a lock on that person's row, so two sessions starting at once leave one timer and record
// the first one once.
import { eq, runningTimers, sql, tickets, users, type Database, type DbExecutor } from "@repo/db";
import { MAX_ENTRY_MINUTES, ticketReference } from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import { NotFoundError } from "../errors.js";
import { localDate } from "../sla/calendar.js";
import { createEntry } from "./entries.js";
import { usableWorkType } from "./work-types.js";

type Timer = typeof runningTimers.$inferSelect;

async function lockPerson(tx: DbExecutor, userId: string): Promise<void> {
  // NO KEY UPDATE: serializes this person's timer changes without blocking rows that merely refer to them.
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

export async function readTimer(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ timer: runningTimers, title: tickets.title })
    .from(runningTimers)
    .leftJoin(tickets, eq(tickets.id, runningTimers.ticketId))
    .where(eq(runningTimers.userId, userId));
  if (!row) return { timer: null };
  const { timer } = row;
  return {
    timer: {
      ticketId: timer.ticketId,
      ticketReference: timer.ticketId ? ticketReference(timer.ticketId) : null,
      ticketTitle: row.title,
      workTypeId: timer.workTypeId,
      startedAt: timer.startedAt.toISOString(),
    },
  };
}

/** Whole minutes from start to stop, rounded up (a started minute counts), at least 1, at most a day. */
export function timerMinutes(startedAt: Date, stoppedAt: Date): number {
  const minutes = Math.ceil((stoppedAt.getTime() - startedAt.getTime()) / 60_000);
  return Math.min(MAX_ENTRY_MINUTES, Math.max(1, minutes));
}

/** Removes the person's timer and records its time as an entry on the day it started. */
async function stopAndRecord(tx: DbExecutor, user: SessionUser, now: Date) {
  const [timer] = await tx.delete(runningTimers).where(eq(runningTimers.userId, user.id)).returning();
  if (!timer) return null;
  return recordTimer(tx, user, timer, now);
}

async function recordTimer(tx: DbExecutor, user: SessionUser, timer: Timer, now: Date) {
  const workType = await usableWorkType(tx, timer.workTypeId ?? undefined).catch(() => usableWorkType(tx, undefined));
  return createEntry(
    tx,
    user,
    {
      ticketId: timer.ticketId,
      date: localDate(timer.startedAt),
      minutes: timerMinutes(timer.startedAt, now),
      workTypeId: workType.id,
    },
    { startedAt: timer.startedAt, endedAt: now },
  );
}

export async function startTimer(
  db: Database,
  user: SessionUser,
  input: { ticketId?: string | null; workTypeId?: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    await lockPerson(tx, user.id);
    if (input.ticketId) {
      const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, input.ticketId));
      if (!ticket) throw NotFoundError.of("Ticket");
    }
    const workType = await usableWorkType(tx, input.workTypeId);
    const recorded = await stopAndRecord(tx, user, now);
    await tx
      .insert(runningTimers)
      .values({ userId: user.id, ticketId: input.ticketId ?? null, workTypeId: workType.id, startedAt: now });
    return { ...(await readTimer(tx, user.id)), recorded };
  });
}

export async function stopTimer(db: Database, user: SessionUser, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockPerson(tx, user.id);
    return { recorded: await stopAndRecord(tx, user, now) };
  });
}

/** Throws the running timer away without recording it. */
export async function discardTimer(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(runningTimers).where(eq(runningTimers.userId, userId));
}
