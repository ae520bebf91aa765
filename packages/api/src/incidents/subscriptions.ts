// Mail subscriptions of the public status page (docs/features.md §18): double opt-in (nothing but the
// confirmation link is sent until it is followed), one-click unsubscribe (RFC 8058), and each public
// incident's update mailed to the confirmed subscribers through the outbox, in the update's transaction.
import { randomBytes } from "node:crypto";
import { and, type DbExecutor, eq, isNotNull, isNull, statusSubscribers } from "@repo/db";
import { hitPair, PUBLIC_LIMITS, retryAfterSeconds } from "../auth/rate-limit.js";
import { TooManyRequestsError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { publicBaseUrl, statusConfirmMail, statusUpdateMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { NotFoundError } from "../errors.js";

export const confirmUrl = (token: string) => `${publicBaseUrl()}/status/confirm?token=${token}`;
export const unsubscribeUrl = (token: string) => `${publicBaseUrl()}/status/unsubscribe?token=${token}`;

/**
 * Counts an ask against the caller's network and against the address; past either limit, a 429 and
 * nothing stored or mailed. The same for every address, subscribed or not, so it tells nobody anything.
 */
async function limitSubscribe(db: DbExecutor, ip: string, address: string): Promise<void> {
  const [byIp, byEmail] = await hitPair(
    db,
    { key: `status:subscribe:ip:${ip}`, limit: PUBLIC_LIMITS.statusSubscribe },
    { key: `status:subscribe:email:${address}`, limit: PUBLIC_LIMITS.statusSubscribeEmail },
  );
  const refused = [
    byIp.count > PUBLIC_LIMITS.statusSubscribe.max ? byIp : null,
    byEmail.count > PUBLIC_LIMITS.statusSubscribeEmail.max ? byEmail : null,
  ].filter((state) => state !== null);
  if (refused.length === 0) return;
  const seconds = Math.max(...refused.map(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  throw new TooManyRequestsError(
    `Too many subscription requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    seconds,
  );
}

/**
 * Asks for updates at `email`, from the network `ip`: a new or unconfirmed address is (re)sent its
 * confirmation link; a confirmed one gets nothing. The answer is the same either way, so it tells nobody
 * who is subscribed.
 */
export async function subscribe(db: DbExecutor, email: string, ip: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await limitSubscribe(db, ip, address);
  await db.transaction(async (tx) => {
    const token = randomBytes(16).toString("hex");
    await tx.insert(statusSubscribers).values({ email: address, token }).onConflictDoNothing();
    const [row] = await tx.select().from(statusSubscribers).where(eq(statusSubscribers.email, address));
    if (row && !row.confirmedAt)
      await enqueueMail(tx, statusConfirmMail(await readIdentity(tx), address, confirmUrl(row.token)));
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
  const provider = await readIdentity(tx);
  const confirmed = await tx
    .select({ email: statusSubscribers.email, token: statusSubscribers.token })
    .from(statusSubscribers)
    .where(isNotNull(statusSubscribers.confirmedAt));
  for (const s of confirmed)
    await enqueueMail(tx, statusUpdateMail(provider, s.email, incident, message, unsubscribeUrl(s.token)));
  return confirmed.length;
}
