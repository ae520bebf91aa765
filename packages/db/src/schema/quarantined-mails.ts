import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, requiredText, timestamptz } from "./_columns.js";

/**
 * Mails that mail in could not parse or store, moved aside so the mails behind them are still read. The
 * original stays in the file store under `fileKey` (as an inbound mail's does) until an admin retries it
 * into work or deletes it. `digest` (SHA-256 of the raw bytes) keeps one row per mail when two server
 * instances, or a provider's retry, meet the same bad mail.
 */
export const quarantinedMails = pgTable(
  "quarantined_mails",
  {
    id: id(),
    digest: requiredText().unique(),
    /** How it arrived: "imap" or "webhook". */
    via: requiredText(),
    /** A short reason staff read (too many MIME parts, header too large, unreadable MIME, not stored). */
    reason: requiredText(),
    /** The error met, for whoever looks deeper. */
    detail: text(),
    /** Read from the raw header lines as far as they go; "" when even that failed. */
    fromAddress: requiredText(),
    subject: requiredText(),
    size: integer().notNull(),
    fileKey: requiredText(),
    /** Where the original also is, outside this product: the IMAP folder it was moved to. */
    imapFolder: text(),
    attempts: integer().notNull().default(1),
    quarantinedAt: createdAt(),
    lastTriedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.quarantinedAt)],
);
