// Mail in's IMAP door as an admin sees it (docs/architecture.md §11a): one shared row, written after every
// round by whichever instance ran it, says when the mailbox was last polled, last read, what went wrong
// last and how often in a row, when the next round is due, and how many mails came in today. A failing
// round logs one line (no stack trace for what an operator fixes: a wrong password, a server that refuses
// or cannot be reached) and the poller waits twice as long after each failure, up to a cap.
import { eq, mailInStatus, sql, type Database } from "@repo/db";
import type { MailInStatus } from "@repo/validators";
import { missingStoredFiles } from "../../files/missing.js";
import type { FileStore } from "../../files/store.js";
import { log } from "../../logger.js";
import { localDate } from "../../sla/calendar.js";

const DOOR = "imap";

/** The longest wait between two rounds while the mailbox keeps failing. */
export const MAIL_IN_MAX_BACKOFF_MS = 15 * 60_000;

/** The wait before the next round after `failures` failed rounds in a row: the interval, doubled per failure. */
export function imapRetryDelayMs(failures: number, intervalMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(intervalMs * 2 ** Math.min(failures, 20), Math.max(MAIL_IN_MAX_BACKOFF_MS, intervalMs));
}

/** Network failures: the server is down, refuses, or cannot be found; nothing in our code to debug. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "NoConnection",
  "CONNECT_TIMEOUT",
  "GREETING_TIMEOUT",
  "ETIMEOUT",
]);

/** What went wrong, in words an admin acts on, and whether it is an expected failure (no stack trace). */
export function describeImapError(error: unknown): { message: string; expected: boolean } {
  const e = (error ?? {}) as { authenticationFailed?: boolean; code?: string; message?: string; responseText?: string };
  if (e.authenticationFailed) {
    const said = e.responseText ? ` (the server said: ${e.responseText})` : "";
    return {
      message: `The mailbox refused the sign-in: check IMAP_URL's user and IMAP_PASSWORD or the OAuth token${said}`,
      expected: true,
    };
  }
  if (e.code && UNREACHABLE.has(e.code)) {
    return { message: `The mail server cannot be reached (${e.code}): ${e.message ?? "no answer"}`, expected: true };
  }
  return { message: e.message || String(error), expected: false };
}

/** After a round that read `read` mails: the failures reset, today's count grows. */
export async function recordImapSuccess(db: Database, read: number, intervalMs: number, now = new Date()) {
  const today = localDate(now);
  const values = {
    lastPollAt: now,
    lastSuccessAt: now,
    consecutiveFailures: 0,
    nextAttemptAt: new Date(now.getTime() + intervalMs),
  };
  await db
    .insert(mailInStatus)
    .values({ door: DOOR, ...values, readDay: today, readToday: read })
    .onConflictDoUpdate({
      target: mailInStatus.door,
      set: {
        ...values,
        // A new Toronto day starts from this round's mails.
        readToday: sql`case when ${mailInStatus.readDay} = ${today} then ${mailInStatus.readToday} + ${read} else ${read} end`,
        readDay: today,
      },
    });
}

/**
 * After a failed round: one more failure in a row (shared by every instance, so the backoff is too), the
 * error kept for the admin, and one log line. Answers when the next round is due.
 */
export async function recordImapFailure(db: Database, error: unknown, intervalMs: number, now = new Date()) {
  const { message, expected } = describeImapError(error);
  const failed = { lastPollAt: now, lastError: message, lastErrorAt: now };
  const [row] = await db
    .insert(mailInStatus)
    .values({ door: DOOR, ...failed, consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: mailInStatus.door,
      set: { ...failed, consecutiveFailures: sql`${mailInStatus.consecutiveFailures} + 1` },
    })
    .returning({ failures: mailInStatus.consecutiveFailures });
  const failures = row?.failures ?? 1;
  const nextAttemptAt = new Date(now.getTime() + imapRetryDelayMs(failures, intervalMs));
  await db.update(mailInStatus).set({ nextAttemptAt }).where(eq(mailInStatus.door, DOOR));
  const line = `mail in (IMAP) failed ${failures} time(s) in a row: ${message}; next attempt at ${nextAttemptAt.toISOString()}`;
  if (expected) log.warn({ task: "mail in (IMAP)", failures }, line);
  else log.error({ task: "mail in (IMAP)", failures, err: error }, line);
  return { failures, nextAttemptAt };
}

/**
 * The door's state for the admin; `configured` and `pollSeconds` come from this server's configuration.
 * Beside it, the bounded check of missing stored files (files/missing.ts), which an admin meets here too.
 */
export async function imapStatus(
  services: { db: Database; files: FileStore; config: { IMAP_URL?: string; IMAP_POLL_SECONDS: number } },
  now = new Date(),
): Promise<MailInStatus> {
  const { db, config } = services;
  const missingFiles = await missingStoredFiles(services);
  const [row] = await db.select().from(mailInStatus).where(eq(mailInStatus.door, DOOR));
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    configured: Boolean(config.IMAP_URL),
    pollSeconds: config.IMAP_POLL_SECONDS,
    lastPollAt: iso(row?.lastPollAt),
    lastSuccessAt: iso(row?.lastSuccessAt),
    lastError: row?.lastError ?? null,
    lastErrorAt: iso(row?.lastErrorAt),
    consecutiveFailures: row?.consecutiveFailures ?? 0,
    nextAttemptAt: iso(row?.nextAttemptAt),
    readToday: row && row.readDay === localDate(now) ? row.readToday : 0,
    missingFiles,
  };
}
