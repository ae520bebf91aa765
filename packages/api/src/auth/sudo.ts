// Sudo mode (docs/architecture.md §6a, decision 0028), as GitHub's: a change to how a person signs in
// (adding or removing a passkey or the authenticator app, a new password) needs them to have proved who
// they are on this session within the last 5 minutes, by signing in or by the password, a code or a
// passkey again. A stolen session alone then cannot add the thief's own passkey. The time is kept on the
// session row (`reauthenticated_at`) and read from the database, never from the session cache.
import { ACCOUNT_MESSAGES, type AccountReauthInput, REAUTH_REQUIRED } from "@repo/validators";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, eq, gt, type DbExecutor, sessions, users, verifyPassword } from "@repo/db";
import type { ProtectedContext } from "../context.js";
import { ForbiddenError, InvalidError, TooManyRequestsError, UnauthorizedError } from "../errors.js";
import { admitSignIn } from "./login-throttle.js";
import { authenticateWithPasskey, relyingParty } from "./passkeys.js";
import { hit, retryAfterSeconds } from "./rate-limit.js";
import { CODE_LIMIT } from "./sign-in-challenge.js";
import { acceptTotpCode, spendRecoveryCode } from "./totp.js";

export const REAUTH_WINDOW_MS = 5 * 60_000;

/** Who asks, on which session, from where. */
type SudoCall = Pick<ProtectedContext, "db" | "session" | "user" | "ip" | "headers" | "config">;

/** Notes that the person proved who they are on this session now. */
export async function markReauthenticated(db: DbExecutor, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
}

/** Refuses (403, `REAUTH_REQUIRED`) unless the person proved who they are on this session within 5 minutes. */
export async function assertRecentlyAuthenticated(
  call: Pick<SudoCall, "db" | "session">,
  now = new Date(),
): Promise<void> {
  const [fresh] = await call.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, call.session.id), gt(sessions.reauthenticatedAt, new Date(now.getTime() - REAUTH_WINDOW_MS))),
    );
  if (!fresh) throw new ForbiddenError(ACCOUNT_MESSAGES.reauthRequired, REAUTH_REQUIRED);
}

/**
 * The person's own password again, counted by the sign-in throttle so a borrowed session cannot guess it;
 * right, it also puts this session in sudo mode.
 */
export async function confirmOwnPassword(call: SudoCall, password: string): Promise<void> {
  const attempt = await admitSignIn(call.db, call.user.email, call.ip);
  const [row] = await call.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, call.user.id));
  if (!row || !(await verifyPassword(row.hash, password))) throw new InvalidError(ACCOUNT_MESSAGES.wrongCurrent);
  await attempt.succeeded();
  await markReauthenticated(call.db, call.session.id);
}

/** A code from the app or a recovery code, limited per person as the sign-in's second step is. */
async function confirmOwnCode(call: SudoCall, code: string): Promise<void> {
  const state = await hit(call.db, `second-factor:${call.user.id}`, CODE_LIMIT);
  if (state.count > CODE_LIMIT.max) {
    throw new TooManyRequestsError("Too many codes tried. Please wait and try again.", retryAfterSeconds(state));
  }
  const accepted = await call.db.transaction((tx) =>
    /^\d{6}$/.test(code) ? acceptTotpCode(tx, call.user.id, code) : spendRecoveryCode(tx, call.user.id, code),
  );
  if (!accepted) throw new InvalidError(ACCOUNT_MESSAGES.reauthWrongCode);
}

/** Proves it is the person again, by one of the password, a code or a passkey; the session enters sudo mode. */
export async function reauthenticate(call: SudoCall, input: AccountReauthInput): Promise<{ success: true }> {
  const given = [input.password, input.code, input.response].filter((v) => v !== undefined).length;
  if (given !== 1) throw new InvalidError(ACCOUNT_MESSAGES.reauthMissing);
  if (input.password !== undefined) {
    await confirmOwnPassword(call, input.password);
    return { success: true };
  }
  if (input.code !== undefined) await confirmOwnCode(call, input.code);
  else {
    // A refused passkey is a 400 here, not a sign-in's 401: the session itself is fine.
    const response = input.response as unknown as AuthenticationResponseJSON;
    await authenticateWithPasskey(call.db, relyingParty(call), response, call.user.id).catch((error: unknown) => {
      throw error instanceof UnauthorizedError ? new InvalidError(error.message) : error;
    });
  }
  await markReauthenticated(call.db, call.session.id);
  return { success: true };
}
