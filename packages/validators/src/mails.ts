// The mail logs: what the outbox sent and what reached the support address (docs/architecture.md, "Mail in").
import { z } from "zod";
import { INBOUND_OUTCOMES, outboxStatusSchema } from "./enums.js";
import { idText } from "./fields.js";
import { isoTimestamp, quantity } from "./wire.js";

/** Rows of a mail log one call answers: 50 unless asked, at most 200 (a log is read a screen at a time). */
export const MAIL_LIST_LIMITS = { default: 50, max: 200 } as const;

/** A mail log's `limit` parameter. */
export const mailListLimit = () =>
  z.coerce.number().int().min(1).max(MAIL_LIST_LIMITS.max).default(MAIL_LIST_LIMITS.default);

/** A mail of the outbox as staff see it in the list. */
export const mailSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: quantity(),
  lastError: z.string().nullable(),
  ticketId: z.string().nullable(),
  nextAttemptAt: isoTimestamp(),
  sentAt: isoTimestamp().nullable(),
  createdAt: isoTimestamp(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** The same with its text and headers (never the text of a mail that opens an account). */
export const mailMessageSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** The outbox list's filter and keyset cursor. */
export const outboxListQuerySchema = z.object({
  status: outboxStatusSchema.optional(),
  cursor: idText().optional(),
  limit: mailListLimit(),
});

/** A mail that mail in could not parse or store, as an admin reads it in the quarantine list. */
export const quarantinedMailSchema = z.object({
  id: z.string(),
  via: z.string(),
  reason: z.string(),
  detail: z.string().nullable(),
  fromAddress: z.string(),
  subject: z.string(),
  size: z.number().int().nonnegative(),
  imapFolder: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  quarantinedAt: z.string(),
  lastTriedAt: z.string(),
});
export type QuarantinedMail = z.infer<typeof quarantinedMailSchema>;

/** GET /api/mail/quarantine: the newest quarantined mails. */
export const quarantinedMailListQuerySchema = z.object({ limit: mailListLimit() });
export const quarantinedMailListSchema = z.object({ mails: z.array(quarantinedMailSchema) });

/** What a retry of a quarantined mail came to: what it became, or "quarantined" again with the reason. */
export const quarantinedMailRetrySchema = z.object({
  outcome: z.enum([...INBOUND_OUTCOMES, "duplicate", "quarantined"]),
  reason: z.string().nullable(),
});

/**
 * GET /api/mail/imap-status (admin): how the IMAP door is doing. Every instance writes one shared row
 * after each round; `configured` is false where this server has no IMAP_URL (mail comes by webhook, if at
 * all), and the times are null until the first round.
 */
export const mailInStatusSchema = z.object({
  configured: z.boolean(),
  /** The poll interval without failures, in seconds. */
  pollSeconds: quantity(),
  lastPollAt: isoTimestamp().nullable(),
  lastSuccessAt: isoTimestamp().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: isoTimestamp().nullable(),
  consecutiveFailures: quantity(),
  /** When the next round is due: later than the interval after failures (the backoff). */
  nextAttemptAt: isoTimestamp().nullable(),
  /** Mails read from the mailbox today (Toronto day). */
  readToday: quantity(),
  /** Of the newest attachments (at most 200), how many have no file in the store (a restore without them). */
  missingFiles: z.object({ checked: quantity(), missing: quantity() }),
});
export type MailInStatus = z.infer<typeof mailInStatusSchema>;
