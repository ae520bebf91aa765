// Mail subscriptions of the public status page (docs/features.md §18): double opt-in (nothing but the
// confirmation link is sent until it is followed), one-click unsubscribe (RFC 8058), and each public
// incident's update mailed to the confirmed subscribers through the outbox, in the update's transaction.
import { randomBytes } from "node:crypto";
import { and, type DbExecutor, eq, isNotNull, isNull, statusSubscribers } from "@repo/db";
import { enqueueMail } from "../mail/outbox.js";
import { publicBaseUrl, statusConfirmMail, statusUpdateMail } from "../mail/templates.js";
import { NotFoundError } from "../errors.js";

export const confirmUrl = (token: string) => `${publicBaseUrl()}/status/confirm?token=${token}`;
export const unsubscribeUrl = (token: string) => `${publicBaseUrl()}/status/unsubscribe?token=${token}`;

/**
 * Asks for updates at `email`: a new or unconfirmed address is (re)sent its confirmation link; a confirmed
 * one gets nothing. The answer is the same either way, so it tells nobody who is subscribed.
 */
export async function subscribe(db: DbExecutor, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const token = randomBytes(16).toString("hex");
    await tx.insert(statusSubscribers).values({ email: address, token }).onConflictDoNothing();
    const [row] = await tx.select().from(statusSubscribers).where(eq(statusSubscribers.email, address));
    if (row && !row.confirmedAt) await enqueueMail(tx, statusConfirmMail(address, confirmUrl(row.token)));
  });
}

/** Follows a confirmation link; a token that names no subscription is not found. */
export async function confirmSubscription(db: DbExecutor, token: string, now = new Date()): Promise<void> {
  const [row] = await db.select().from(statusSubscribers).where(eq(statusSubscribers.token, token));
  if (!row) throw NotFoundError.of("Subscription");
  await db
    .update(statusSubscribers)
    .set({ confirmedAt: now })
    .where(and(eq(statusSubscribers.id, row.id), isNull(statusSubscribers.confirmedAt)));
}

/** Ends a subscription. Safe to repeat: a mail client may send the one-click POST more than once. */
export async function unsubscribe(db: DbExecutor, token: string): Promise<void> {
  await db.delete(statusSubscribers).where(eq(statusSubscribers.token, token));
}

/** A public incident's update, once to every confirmed subscriber (inside the update's transaction). */
export async function mailSubscribers(
  tx: DbExecutor,
  incident: { title: string; status: string },
  message: string,
): Promise<number> {
  const confirmed = await tx
    .select({ email: statusSubscribers.email, token: statusSubscribers.token })
    .from(statusSubscribers)
    .where(isNotNull(statusSubscribers.confirmedAt));
  for (const s of confirmed)
    await enqueueMail(tx, statusUpdateMail(s.email, incident, message, unsubscribeUrl(s.token)));
  return confirmed.length;
}
