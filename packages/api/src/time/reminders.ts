// The reminder of a short day (docs/features.md §10, "Reminders"): on a working morning, each ADMIN and
// AGENT whose recorded minutes of the previous working day stayed below the expected day gets one mail,
// and the staff portal shows a banner until they dismiss it or record the missing time.
import {
  and,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  sql,
  timeEntries,
  timeReminders,
  users,
  type Database,
  type DbExecutor,
} from "@repo/db";
import type { TimeReminder } from "@repo/validators";
import { NotFoundError } from "../errors.js";
import { runPeriodically } from "../lib/periodic.js";
import { enqueueMail } from "../mail/outbox.js";
import { timeReminderMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { localDate, localDateAfter, localDay, localTime } from "../sla/calendar.js";
import { workingCalendar } from "../sla/policies.js";
import { readTimeSettings, remindersOnSince } from "./settings.js";

/** The hour of the calendar's zone from which a working morning sends the previous working day's reminders. */
export const REMINDER_HOUR = 7;
export const TIME_REMINDER_INTERVAL_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** A day's recorded minutes: the sum of the person's entries joined on (drafts are not entries until accepted). */
const recorded = sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`;

export interface SentReminder {
  userId: string;
  date: string;
  minutesRecorded: number;
}

/**
 * Sends the reminders due at `now`, and answers the ones this call sent. Nothing before 07:00 or on a day
 * off; only for the previous working day, and only when that day comes after the day reminders were
 * switched on. Safe on several instances at once: the row (person, day) is inserted with ON CONFLICT DO
 * NOTHING and the mail written in the same transaction only when the insert took.
 */
export async function sendTimeReminders(db: Database, now = new Date()): Promise<SentReminder[]> {
  const settings = await readTimeSettings(db);
  const expected = settings.expectedMinutesPerDay;
  if (!expected) return [];
  const { timeZone, isWorkingDay } = await workingCalendar(db);
  const today = localDate(now, timeZone);
  if (!isWorkingDay(today)) return [];
  if (now.getTime() < localTime(localDay(now.getTime(), timeZone), REMINDER_HOUR * 60, timeZone)) return [];
  const since = await remindersOnSince(db, today);
  const day = previousWorkingDay(now, timeZone, isWorkingDay);
  if (!day || day <= since) return [];

  const short = await db
    .select({ id: users.id, name: users.name, email: users.email, minutes: recorded })
    .from(users)
    .leftJoin(timeEntries, and(eq(timeEntries.userId, users.id), eq(timeEntries.workDate, day)))
    // The runs after the first find nobody left: the unique row below is the guarantee, this the shortcut.
    .leftJoin(timeReminders, and(eq(timeReminders.userId, users.id), eq(timeReminders.workDate, day)))
    .where(
      and(
        isNull(timeReminders.id),
        inArray(users.role, ["ADMIN", "AGENT"]),
        eq(users.active, true),
        // Somebody who joined after the day had no day to record.
        lt(users.createdAt, new Date(localTime(Date.parse(`${day}T00:00:00Z`) / DAY_MS + 1, 0, timeZone))),
      ),
    )
    .groupBy(users.id, users.name, users.email)
    .having(sql`${recorded} < ${expected}`);

  const sent: SentReminder[] = [];
  for (const person of short) {
    const took = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(timeReminders)
        .values({ userId: person.id, workDate: day })
        .onConflictDoNothing()
        .returning({ id: timeReminders.id });
      if (row)
        await enqueueMail(
          tx,
          timeReminderMail(await readIdentity(tx), person, { date: day, recorded: person.minutes, expected }),
        );
      return Boolean(row);
    });
    if (took) sent.push({ userId: person.id, date: day, minutesRecorded: person.minutes });
  }
  return sent;
}

/** The working day before the one `now` falls on, within a year (a calendar may be all holidays). */
function previousWorkingDay(now: Date, timeZone: string, isWorkingDay: (date: string) => boolean): string | null {
  for (let back = 1; back <= 366; back++) {
    const date = localDateAfter(now, -back, timeZone);
    if (isWorkingDay(date)) return date;
  }
  return null;
}

/** Sends the reminders now and every few minutes; the returned function stops it (see lib/periodic.ts). */
export function startTimeReminders(db: Database, intervalMs = TIME_REMINDER_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("time reminders", intervalMs, () => sendTimeReminders(db));
}

/**
 * The banner: the caller's newest reminder not dismissed whose day is still short of the expected day
 * (recording the missing time takes it away as surely as dismissing it), or null. Only ever the caller's.
 */
export async function readTimeReminder(db: DbExecutor, userId: string): Promise<TimeReminder> {
  const { expectedMinutesPerDay: expected } = await readTimeSettings(db);
  if (!expected) return { reminder: null };
  const [row] = await db
    .select({ date: timeReminders.workDate, minutesRecorded: recorded })
    .from(timeReminders)
    .leftJoin(
      timeEntries,
      and(eq(timeEntries.userId, timeReminders.userId), eq(timeEntries.workDate, timeReminders.workDate)),
    )
    .where(and(eq(timeReminders.userId, userId), isNull(timeReminders.dismissedAt)))
    .groupBy(timeReminders.id, timeReminders.workDate)
    .having(sql`${recorded} < ${expected}`)
    .orderBy(desc(timeReminders.workDate))
    .limit(1);
  return { reminder: row ? { ...row, minutesExpected: expected } : null };
}

/** Closes the caller's banner of that day; again changes nothing. Another person's reminder is not found. */
export async function dismissTimeReminder(db: DbExecutor, userId: string, date: string): Promise<void> {
  const [row] = await db
    .update(timeReminders)
    .set({ dismissedAt: sql`coalesce(${timeReminders.dismissedAt}, now())` })
    .where(and(eq(timeReminders.userId, userId), eq(timeReminders.workDate, date)))
    .returning({ id: timeReminders.id });
  if (!row) throw NotFoundError.of("Reminder");
}
