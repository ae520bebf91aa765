import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./_columns.js";

/**
 * How mail in's IMAP door is doing, for the admin's mail screen: one row per door ("imap"), written by
 * every server instance after each round, so two instances show one state and share one backoff. Kept
 * apart from the mails so a failing mailbox, which reads none, is still visible.
 */
export const mailInStatus = pgTable("mail_in_status", {
  door: text().primaryKey(),
  lastPollAt: timestamptz(),
  lastSuccessAt: timestamptz(),
  /** What went wrong in the last failed round, in words an admin acts on; kept after a success. */
  lastError: text(),
  lastErrorAt: timestamptz(),
  /** Failed rounds since the last success; the wait before the next round doubles with each. */
  consecutiveFailures: integer().notNull().default(0),
  nextAttemptAt: timestamptz(),
  /** The Toronto day (YYYY-MM-DD) `readToday` counts, so a new day starts from 0. */
  readDay: text(),
  readToday: integer().notNull().default(0),
});
