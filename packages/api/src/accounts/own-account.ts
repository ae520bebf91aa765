// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password, second
// factor, passkeys and sessions, in both portals. Every function acts on the caller alone; a session or a
// passkey of someone else is "not found".
import { and, type DbExecutor, eq, hashPassword, passkeys, sessions, users, verifyPassword } from "@repo/db";
import { ACCOUNT_MESSAGES, type AccountEventAction } from "@repo/validators";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { recordAccountChange } from "../auth/account-log.js";
import { admitSignIn } from "../auth/login-throttle.js";
import { registerPasskey, relyingParty } from "../auth/passkeys.js";
import { assertUsablePassword } from "../auth/password-rules.js";
import { announceSessionsEnded, deleteOtherSessions } from "../auth/session.js";
import { forgetUserOf } from "../auth/session-cache.js";
import {
  confirmTotpEnrolment,
  hasSecondFactor,
  newRecoveryCodes,
  recoveryCodesLeft,
  removeSecondFactor,
} from "../auth/totp.js";
import type { ProtectedContext } from "../context.js";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { readSecuritySettings, secondFactorRequiredFor } from "../settings/security.js";

/**
 * The person's own password again, before a change that matters (password, second factor): counted by
 * the sign-in throttle, so a borrowed session cannot guess it.
 */
async function confirmOwnPassword(ctx: ProtectedContext, password: string): Promise<void> {
  const attempt = await admitSignIn(ctx.db, ctx.user.email, ctx.ip);
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id));
  if (!row || !(await verifyPassword(row.hash, password))) throw new InvalidError(ACCOUNT_MESSAGES.wrongCurrent);
  await attempt.succeeded();
}

/**
 * A change the signed-in person makes to their own account: made and written to the account log in one
 * transaction, so the log never misses a change nor records one that failed (docs/architecture.md §6a).
 */
function changeOwnAccount<T>(
  ctx: ProtectedContext,
  action: AccountEventAction,
  change: (tx: DbExecutor) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAccountChange(tx, { userId: ctx.user.id, actorId: ctx.user.id, action, ip: ctx.ip });
    return result;
  });
}

export async function renameOwnAccount(ctx: ProtectedContext, name: string) {
  await ctx.db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
  forgetUserOf(ctx.bus, ctx.user.id);
  return { ...ctx.user, name };
}

/**
 * Needs the current password (limited like a sign-in, so a borrowed session cannot guess it); ends every
 * other session of the person, keeping this one.
 */
export async function changeOwnPassword(
  ctx: ProtectedContext,
  input: { currentPassword: string; newPassword: string },
) {
  await confirmOwnPassword(ctx, input.currentPassword);
  if (input.newPassword === input.currentPassword) throw new InvalidError(ACCOUNT_MESSAGES.sameAsCurrent);
  assertUsablePassword(input.newPassword, ctx.user);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await changeOwnAccount(ctx, "password_changed", async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
    return deleteOtherSessions(tx, ctx.session);
  });
  await announceSessionsEnded(ctx.bus, { userId: ctx.user.id, keptSessionId: ctx.session.id });
  return { success: true as const, endedSessions: ended };
}

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export async function ownSecondFactor(ctx: ProtectedContext) {
  return {
    totp: await hasSecondFactor(ctx.db, ctx.user.id),
    recoveryCodesLeft: await recoveryCodesLeft(ctx.db, ctx.user.id),
  };
}

/** The first code from the app turns two-factor sign-in on; the recovery codes come with it. */
export async function confirmOwnTotp(ctx: ProtectedContext, code: string) {
  return {
    recoveryCodes: await changeOwnAccount(ctx, "second_factor_on", (tx) => confirmTotpEnrolment(tx, ctx.user.id, code)),
  };
}

/** Needs the password, and is refused while the security settings require a second factor of the role. */
export async function disableOwnSecondFactor(ctx: ProtectedContext, password: string) {
  await confirmOwnPassword(ctx, password);
  if (secondFactorRequiredFor(await readSecuritySettings(ctx.db), ctx.user.role)) {
    throw new ConflictError(ACCOUNT_MESSAGES.secondFactorRequired);
  }
  await changeOwnAccount(ctx, "second_factor_off", (tx) => removeSecondFactor(tx, ctx.user.id));
  return { success: true as const };
}

export async function renewOwnRecoveryCodes(ctx: ProtectedContext, password: string) {
  await confirmOwnPassword(ctx, password);
  if (!(await hasSecondFactor(ctx.db, ctx.user.id))) throw new ConflictError("Two-factor sign-in is off");
  const recoveryCodes = await changeOwnAccount(ctx, "recovery_codes_renewed", (tx) =>
    newRecoveryCodes(tx, ctx.user.id),
  );
  return { recoveryCodes };
}

export function addOwnPasskey(ctx: ProtectedContext, input: { response: unknown; name: string }) {
  return changeOwnAccount(ctx, "passkey_added", (tx) =>
    registerPasskey(tx, relyingParty(ctx), ctx.user.id, {
      response: input.response as RegistrationResponseJSON,
      name: input.name,
    }),
  );
}

export async function removeOwnPasskey(ctx: ProtectedContext, passkeyId: string) {
  await changeOwnAccount(ctx, "passkey_removed", async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, ctx.user.id)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw NotFoundError.of("Passkey");
  });
  return { success: true as const };
}

/** Ending the current session is signing out. */
export async function endOwnSession(ctx: ProtectedContext, sessionId: string) {
  const [ended] = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ctx.user.id)))
    .returning({ id: sessions.id });
  if (!ended) throw NotFoundError.of("Session");
  await announceSessionsEnded(ctx.bus, { sessionId: ended.id });
  return { success: true as const };
}

/** Signs out everywhere else, keeping this session. */
export async function endOtherOwnSessions(ctx: ProtectedContext) {
  const ended = await deleteOtherSessions(ctx.db, ctx.session);
  await announceSessionsEnded(ctx.bus, { userId: ctx.user.id, keptSessionId: ctx.session.id });
  return { ended };
}
