// "Forgot password": a mail with a single-use link valid 30 minutes. The answer is the same whether or
// not the address belongs to an account, and asking is limited per address and per network, so the form
// reveals no accounts and floods no mailbox. The link's token is stored as its SHA-256 only; using it
// sets the password, spends every other link of the person and ends all their sessions.
import { and, eq, gt, hashPassword, isNull, passwordResets, users, type Database } from "@repo/db";
import { ACCOUNT_MESSAGES, type AccountPortal } from "@repo/validators";
import { InvalidError, TooManyRequestsError } from "../errors.js";
import type { EventBus } from "../events.js";
import { enqueueMail } from "../mail/outbox.js";
import { passwordResetMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { hit, retryAfterSeconds, type Limit } from "./rate-limit.js";
import { assertUsablePassword } from "./password-rules.js";
import { recordAccountChange } from "./account-log.js";
import { announceSessionsEnded, generateSessionToken, hashSecret, invalidateUserSessions } from "./session.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";

export const RESET_TTL_MS = 30 * 60_000;

export const RESET_LIMITS = {
  /** Mails to one address: enough to retry, too few to flood it. */
  perEmail: { max: 3, windowMs: 60 * 60_000 },
  perIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

async function limit(db: Database, key: string, rule: Limit): Promise<void> {
  const state = await hit(db, key, rule);
  if (state.count > rule.max) {
    throw new TooManyRequestsError(
      "Too many password reset requests. Please try again later.",
      retryAfterSeconds(state),
    );
  }
}

/** Sends the link when the address is an active account's; says nothing either way. */
export async function requestPasswordReset(
  ctx: { db: Database; ip: string },
  input: { email: string; portal: AccountPortal },
  now = new Date(),
): Promise<void> {
  const email = input.email.toLowerCase();
  await limit(ctx.db, `reset:ip:${ctx.ip}`, RESET_LIMITS.perIp);
  await limit(ctx.db, `reset:email:${email}`, RESET_LIMITS.perEmail);
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.email, email));
  if (!user?.active) return;
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  // The person's own portal decides where the link leads, whatever page they asked from.
  const portal: AccountPortal = user.role === "CLIENT" ? "client" : "staff";
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ id: hashSecret(token), userId: user.id, expiresAt, createdAt: now });
    await enqueueMail(tx, passwordResetMail(await readIdentity(tx), user, token, portal));
  });
}

/** Sets the new password from a link; returns whose portal to sign in to. */
export async function resetPassword(
  ctx: { db: Database; bus: EventBus; ip?: string | null },
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ portal: AccountPortal }> {
  const id = hashSecret(input.token);
  const result = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    const [user] = link
      ? await tx
          .select({ id: users.id, role: users.role, active: users.active, email: users.email })
          .from(users)
          .where(eq(users.id, link.userId))
      : [];
    if (!user?.active) throw new InvalidError(ACCOUNT_MESSAGES.resetInvalid);
    assertUsablePassword(input.password, user);
    await tx
      .update(users)
      // A reset link proves the mailbox as an invitation does, so it also completes a pending invitation.
      .set({ passwordHash: await hashPassword(input.password), invitationPending: false, updatedAt: now })
      .where(eq(users.id, user.id));
    // Every other link of the person is spent too, and every session ends: whoever knew the old
    // password is out.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await invalidateUserSessions(tx, user.id);
    await recordAccountChange(tx, { userId: user.id, actorId: user.id, action: "password_reset", ip: ctx.ip });
    return { userId: user.id, portal: (user.role === "CLIENT" ? "client" : "staff") as AccountPortal };
  });
  await announceSessionsEnded(ctx.bus, { userId: result.userId });
  return { portal: result.portal };
}

/** Drops links past their 30 minutes, used or not (the housekeeping timer). */
export const deleteExpiredResets = (db: Database, now = new Date()) =>
  deleteExpiredRows(db, passwordResets, passwordResets.expiresAt, now);
