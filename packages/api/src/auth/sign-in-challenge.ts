// The second step of a sign-in with two factors: the password was right, so the sign-in call answered
// with a challenge (a random token, kept as its SHA-256, valid 5 minutes) instead of a session; a code
// from the authenticator app or a recovery code completes it. Five wrong codes end the challenge, and
// codes are limited per person like passwords, so a stolen password buys no endless guessing.
import { and, eq, gt, signInChallenges, sql, users, type Database } from "@repo/db";
import type { Role } from "@repo/validators";
import { TooManyRequestsError, UnauthorizedError } from "../errors.js";
import { hit, retryAfterSeconds, type Limit } from "./rate-limit.js";
import { recordSignIn } from "./sign-in-log.js";
import { generateSessionToken, hashSecret } from "./session.js";
import { acceptTotpCode, hasSecondFactor, spendRecoveryCode } from "./totp.js";
import { readSecuritySettings, secondFactorRequiredFor } from "../settings/security.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";

export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_FAILURES = 5;
/** Codes tried per person, whatever the challenge: 10 in 15 minutes. */
export const CODE_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

export const CHALLENGE_MESSAGES = {
  expired: "This sign-in has expired. Please sign in again.",
  wrongCode: "Invalid authentication code",
};

export async function createChallenge(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = generateSessionToken();
  await db
    .insert(signInChallenges)
    .values({ id: hashSecret(token), userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS), createdAt: now });
  return token;
}

/** A live challenge's row; an unknown or expired one is refused as expired. */
async function liveChallenge(db: Database, token: string) {
  const [challenge] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, hashSecret(token)), gt(signInChallenges.expiresAt, new Date())));
  if (!challenge) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
  return challenge;
}

/** Whose sign-in a live challenge is; counts one code tried against the person's limit. */
export async function challengeUser(db: Database, token: string, { countingCode = false } = {}): Promise<string> {
  const { userId } = await liveChallenge(db, token);
  if (countingCode) {
    const state = await hit(db, `second-factor:${userId}`, CODE_LIMIT);
    if (state.count > CODE_LIMIT.max) {
      throw new TooManyRequestsError("Too many codes tried. Please wait and try again.", retryAfterSeconds(state));
    }
  }
  return userId;
}

/** Spends a challenge; false when another request spent it first. */
export async function spendChallenge(db: Database, token: string): Promise<boolean> {
  const spent = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, hashSecret(token)))
    .returning();
  return spent.length === 1;
}

/** Completes a challenge with a code; returns whose sign-in it was and which kind of code did it. */
export async function completeChallenge(
  db: Database,
  token: string,
  code: string,
  origin: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ userId: string; method: "totp" | "recovery_code" }> {
  const id = hashSecret(token);
  const userId = await challengeUser(db, token, { countingCode: true });
  const trimmed = code.trim();
  const method = /^\d{6}$/.test(trimmed) ? "totp" : "recovery_code";
  const accepted = await db.transaction(async (tx) =>
    method === "totp" ? acceptTotpCode(tx, userId, trimmed) : spendRecoveryCode(tx, userId, trimmed),
  );
  if (accepted) {
    // Spent once: a second use of the same challenge is "expired".
    if (!(await spendChallenge(db, token))) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
    return { userId, method };
  }
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await recordSignIn(db, { ...origin, userId, email: person?.email ?? "", method, outcome: "failure" });
  const [counted] = await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ failures: signInChallenges.failures });
  if ((counted?.failures ?? MAX_FAILURES) >= MAX_FAILURES) {
    await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
  }
  throw new UnauthorizedError(CHALLENGE_MESSAGES.wrongCode);
}

/** Drops challenges past their 5 minutes (the housekeeping timer). */
export const deleteExpiredChallenges = (db: Database, now = new Date()) =>
  deleteExpiredRows(db, signInChallenges, signInChallenges.expiresAt, now);

/** What a sign-in answers instead of a session while a second factor is still to come. */
export interface SecondFactorChallenge {
  challenge: string;
  /** totp: the person enters a code; enrol: the policy obliges them to set a factor up first. */
  secondFactor: "totp" | "enrol";
}

/**
 * The second step a sign-in needs after its first factor (password, or single sign-on without the
 * provider's own MFA), or null: a person with an authenticator is asked for its code; a person the
 * policy obliges who has none yet sets one up before the session starts (docs/architecture.md §6a).
 */
export async function secondFactorStep(
  db: Database,
  user: { id: string; role: string },
): Promise<SecondFactorChallenge | null> {
  if (await hasSecondFactor(db, user.id))
    return { challenge: await createChallenge(db, user.id), secondFactor: "totp" };
  if (secondFactorRequiredFor(await readSecuritySettings(db), user.role as Role)) {
    return { challenge: await createChallenge(db, user.id), secondFactor: "enrol" };
  }
  return null;
}
