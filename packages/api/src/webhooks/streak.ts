// The failing streak: a subscription whose deliveries keep failing is turned off, and the admins get a
// mail, rather than the queue retrying into a dead receiver for ever. One delivery that gets through ends
// the streak.
import { and, eq, sql, users, webhookSubscriptions, type DbExecutor, type SQL } from "@repo/db";
import { enqueueMail } from "../mail/outbox.js";
import { webhookDisabledMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";

export const STREAK_LIMITS = {
  /** Deliveries in a row that ended dead (every retry spent). */
  deadInARow: 10,
  /** Or failing without a single success for this long. */
  failingForMs: 24 * 60 * 60_000,
};

/**
 * Deliveries got a 2xx: their subscriptions' streaks are over. A statement for the recording of a batch's
 * successes to run as part of its own (a CTE: one round trip), `subscriptionIds` a subquery; a
 * subscription not failing is not written (no row lock taken).
 */
export const endStreaks = (subscriptionIds: SQL): SQL => sql`
  update ${webhookSubscriptions} set failure_streak = 0, failing_since = null
  where ${webhookSubscriptions.id} in (${subscriptionIds}) and ${webhookSubscriptions.failingSince} is not null`;

/**
 * A try failed (`dead`: its last one). Starts the clock of a streak, counts dead deliveries, and turns
 * the subscription off once a limit is reached, in one transaction with the mail to the admins.
 */
export async function recordFailure(db: DbExecutor, subscriptionId: string, dead: boolean, at: Date): Promise<boolean> {
  const [sub] = await db
    .update(webhookSubscriptions)
    .set({
      failureStreak: dead ? sql`${webhookSubscriptions.failureStreak} + 1` : webhookSubscriptions.failureStreak,
      failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookSubscriptions.id, subscriptionId))
    .returning();
  if (!sub?.enabled) return false;
  const reason =
    sub.failureStreak >= STREAK_LIMITS.deadInARow
      ? `${sub.failureStreak} deliveries in a row failed after every retry`
      : sub.failingSince && at.getTime() - sub.failingSince.getTime() >= STREAK_LIMITS.failingForMs
        ? "its deliveries have failed for 24 hours without one success"
        : null;
  if (!reason) return false;
  // Only the write that turns it off sends the mail (two workers may fail at once).
  const [turnedOff] = await db
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.enabled, true)))
    .returning({ url: webhookSubscriptions.url });
  if (!turnedOff) return false;
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), eq(users.active, true)));
  const provider = await readIdentity(db);
  for (const admin of admins)
    await enqueueMail(db, webhookDisabledMail(provider, admin.email, { url: turnedOff.url, reason }));
  return true;
}
