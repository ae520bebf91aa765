// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password, second
// factor, passkeys and sessions, in both portals. Every function acts on the caller alone; a session or a
// passkey of someone else is "not found". Adding or removing a way to sign in needs sudo mode
// (auth/sudo.ts): the password, a code or a passkey on this session within 5 minutes.
import { and, type DbExecutor, eq, hashPassword, passkeys, sessions, users } from "@repo/db";
import { ACCOUNT_MESSAGES, type AccountEventAction } from "@repo/validators";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { recordAccountChange } from "../auth/account-log.js";
import { registerPasskey, registrationOptions, relyingParty } from "../auth/passkeys.js";
import { requestOrigin } from "../auth/sign-in.js";
import { assertRecentlyAuthenticated, confirmOwnPassword } from "../auth/sudo.js";
import { assertUsablePassword } from "../auth/password-rules.js";
import { announceSessionsEnded, deleteOtherSessions } from "../auth/session.js";
import { forgetUserOf } from "../auth/session-cache.js";
import {
  confirmTotpEnrolment,
  hasSecondFactor,
  newRecoveryCodes,
  recoveryCodesLeft,
  removeSecondFactor,
  startTotpEnrolment,
  totpFactorOf,
} from "../auth/totp.js";
import type { ProtectedContext } from "../context.js";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { readSecuritySettings, secondFactorRequiredFor } from "../settings/security.js";

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

/** Whether two-factor sign-in is on, when and from where it was, and how many recovery codes are left. */
export async function ownSecondFactor(ctx: ProtectedContext) {
  const app = await totpFactorOf(ctx.db, ctx.user.id);
  return {
    totp: app !== null,
    recoveryCodesLeft: await recoveryCodesLeft(ctx.db, ctx.user.id),
    addedAt: app?.addedAt ?? null,
    addedIp: app?.addedIp ?? null,
    addedUserAgent: app?.addedUserAgent ?? null,
  };
}

/** A new authenticator key to confirm; asked in sudo mode, so the person re-authenticates before the QR code. */
export async function startOwnTotp(ctx: ProtectedContext) {
  await assertRecentlyAuthenticated(ctx);
  return startTotpEnrolment(ctx.db, ctx.user);
}

/** The first code from the app turns two-factor sign-in on; the recovery codes come with it. */
export async function confirmOwnTotp(ctx: ProtectedContext, code: string) {
  await assertRecentlyAuthenticated(ctx);
  return {
    recoveryCodes: await changeOwnAccount(ctx, "second_factor_on", (tx) =>
      confirmTotpEnrolment(tx, ctx.user.id, code, requestOrigin(ctx)),
    ),
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

/** The browser's options for a new passkey; asked in sudo mode, so the person re-authenticates first. */
export async function ownPasskeyOptions(ctx: ProtectedContext) {
  await assertRecentlyAuthenticated(ctx);
  return registrationOptions(ctx.db, relyingParty(ctx), ctx.user);
}

export async function addOwnPasskey(ctx: ProtectedContext, input: { response: unknown; name: string }) {
  await assertRecentlyAuthenticated(ctx);
  return changeOwnAccount(ctx, "passkey_added", (tx) =>
    registerPasskey(
      tx,
      relyingParty(ctx),
      ctx.user.id,
      { response: input.response as RegistrationResponseJSON, name: input.name },
      requestOrigin(ctx),
    ),
  );
}

export async function removeOwnPasskey(ctx: ProtectedContext, passkeyId: string) {
  await assertRecentlyAuthenticated(ctx);
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
