// Rating links (docs/features.md §8): the secret a "resolved" mail carries so its requester can rate the ticket with
// one click, without signing in. 20 random bytes; the database keeps only their SHA-256, with the
// resolution the link was written for, so a link from before a reopening is spent (docs/architecture.md §18).
import { ratingLinks, type DbExecutor } from "@repo/db";
import { FINISHED_STATUSES, RATING_WINDOW_DAYS, type TicketStatus } from "@repo/validators";
import { generateSessionToken, hashSecret } from "../auth/session.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";

export const RATING_WINDOW_MS = RATING_WINDOW_DAYS * 86_400_000;

/** Whether a ticket may be rated now: finished, and resolved less than the window ago. */
export function ratingOpen(ticket: { status: TicketStatus; resolvedAt: Date | null }, now: Date): boolean {
  return (
    FINISHED_STATUSES.includes(ticket.status) &&
    ticket.resolvedAt !== null &&
    now.getTime() < ticket.resolvedAt.getTime() + RATING_WINDOW_MS
  );
}

/** A new link for the ticket's current resolution (inside the transaction that resolved it); the token. */
export async function issueRatingLink(
  tx: DbExecutor,
  ticket: { id: string; resolvedAt: Date | null },
): Promise<string | null> {
  if (!ticket.resolvedAt) return null;
  const token = generateSessionToken();
  await tx.insert(ratingLinks).values({
    id: hashSecret(token),
    ticketId: ticket.id,
    resolvedAt: ticket.resolvedAt,
    expiresAt: new Date(ticket.resolvedAt.getTime() + RATING_WINDOW_MS),
  });
  return token;
}

/** Housekeeping: links past their window rate nothing. */
export const deleteExpiredRatingLinks = (db: DbExecutor, now = new Date()) =>
  deleteExpiredRows(db, ratingLinks, ratingLinks.expiresAt, now);
