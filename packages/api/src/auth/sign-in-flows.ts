// Each way in, from the request to the session (docs/product-spec.md §4, docs/architecture.md §6a): a
// password, the second step of two factors, enrolling the factor a sign-in requires, and a passkey; and
// the way out. startSession (sign-in.ts) ends every way in.
import { dummyPasswordHash, type DbExecutor, eq, users, verifyPassword } from "@repo/db";
import type { AccountPortal, StaffLoginInput } from "@repo/validators";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "../context.js";
import { ForbiddenError, SecondFactorRequiredError, UnauthorizedError } from "../errors.js";
import { admitSignIn } from "./login-throttle.js";
import { PASSKEY_REFUSED, authenticateWithPasskey, relyingParty } from "./passkeys.js";
import { announceSessionsEnded, blankSessionCookie, invalidateSession } from "./session.js";
import {
  CHALLENGE_MESSAGES,
  challengeUser,
  completeChallenge,
  secondFactorStep,
  spendChallenge,
} from "./sign-in-challenge.js";
import { recordSignIn, type SignInOutcome } from "./sign-in-log.js";
import { portalRefusal, requestOrigin, startSession } from "./sign-in.js";
import { ssoRequiredCompany, ssoRequiredMessage } from "./sso.js";
import { confirmTotpEnrolment, startTotpEnrolment } from "./totp.js";

const INVALID_CREDENTIALS = "Invalid email or password";

const userById = async (db: DbExecutor, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

/**
 * Shared by both portals. The failure message never says whether the email or the password was wrong;
 * attempts are limited per account and address, per address, and per account (auth/login-throttle.ts).
 */
export async function signInWithPassword(ctx: Context, input: StaffLoginInput, portal: "client" | "staff") {
  const email = input.email.toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const log = (outcome: SignInOutcome) =>
    recordSignIn(ctx.db, { ...requestOrigin(ctx), userId: user?.id ?? null, email, method: "password", outcome });
  const attempt = await admitSignIn(ctx.db, email, ctx.ip).catch(async (error: unknown) => {
    await log("refused");
    throw error;
  });
  // Verify against a dummy hash when there is no such user, so response time does not reveal accounts.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  // An invited person has no password of their own yet (users/invitations.ts): refused like a wrong one.
  if (!user || !valid || !user.active || user.invitationPending) {
    await log(user && valid ? "refused" : "failure");
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await attempt.succeeded();

  const refusal = portalRefusal(user.role, portal);
  if (refusal) {
    await log("refused");
    throw new ForbiddenError(refusal);
  }
  // A company that signs in with single sign-on: its people's passwords no longer open the account
  // (docs/architecture.md §6a). Said plainly, since the password was right.
  const ssoOnly = await ssoRequiredCompany(ctx.db, user.clientId);
  if (ssoOnly) {
    await log("refused");
    throw new ForbiddenError(ssoRequiredMessage(ssoOnly));
  }

  // Two factors: the password is right, the code is still to come (docs/architecture.md §6a).
  // A 401 that carries the challenge: a sign-in's 200 always holds a session (docs/decisions/0030).
  const secondStep = await secondFactorStep(ctx.db, user);
  if (secondStep) throw new SecondFactorRequiredError(secondStep.challenge, secondStep.secondFactor);
  await log("success");
  return startSession(ctx, user);
}

/** The second step of a sign-in with two factors: the app's code or a recovery code completes it. */
export async function signInWithSecondFactor(ctx: Context, input: { challenge: string; code: string }) {
  const { userId, method } = await completeChallenge(ctx.db, input.challenge, input.code, requestOrigin(ctx));
  const user = await userById(ctx.db, userId);
  if (!user?.active) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
  await recordSignIn(ctx.db, { ...requestOrigin(ctx), userId, email: user.email, method, outcome: "success" });
  return startSession(ctx, user);
}

/** A sign-in that answered `secondFactor: "enrol"`: the authenticator key to set up. */
export async function startEnrolmentDuringSignIn(db: Context["db"], challenge: string) {
  const userId = await challengeUser(db, challenge);
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
  return startTotpEnrolment(db, user);
}

/** Its first code turns the factor on and completes the sign-in; the recovery codes come with it. */
export async function confirmEnrolmentDuringSignIn(ctx: Context, input: { challenge: string; code: string }) {
  const userId = await challengeUser(ctx.db, input.challenge, { countingCode: true });
  const recoveryCodes = await confirmTotpEnrolment(ctx.db, userId, input.code, requestOrigin(ctx));
  if (!(await spendChallenge(ctx.db, input.challenge))) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
  const user = await userById(ctx.db, userId);
  if (!user?.active) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
  await recordSignIn(ctx.db, {
    ...requestOrigin(ctx),
    userId,
    email: user.email,
    method: "totp",
    outcome: "success",
  });
  return { ...(await startSession(ctx, user)), recoveryCodes };
}

/** A passkey signs in on its own: no password, no code (it is both factors). */
export async function signInWithPasskey(ctx: Context, input: { response: unknown; portal: AccountPortal }) {
  const response = input.response as AuthenticationResponseJSON;
  const userId = await authenticateWithPasskey(ctx.db, relyingParty(ctx), response);
  const user = await userById(ctx.db, userId);
  const event = { ...requestOrigin(ctx), userId, email: user?.email ?? "", method: "passkey" as const };
  if (!user?.active) {
    await recordSignIn(ctx.db, { ...event, outcome: "refused" });
    throw new UnauthorizedError(PASSKEY_REFUSED);
  }
  // The same doors as the password's: the portal, and a company that signs in with single sign-on.
  const ssoOnly = await ssoRequiredCompany(ctx.db, user.clientId);
  const refusal = portalRefusal(user.role, input.portal) ?? (ssoOnly && ssoRequiredMessage(ssoOnly));
  if (refusal) {
    await recordSignIn(ctx.db, { ...event, outcome: "refused" });
    throw new ForbiddenError(refusal);
  }
  await recordSignIn(ctx.db, { ...event, outcome: "success" });
  return startSession(ctx, user);
}

/** Ends the request's session, if it has one, and clears the cookie either way. */
export async function signOut(ctx: Pick<Context, "db" | "bus" | "session" | "resHeaders" | "config">) {
  if (ctx.session) {
    await invalidateSession(ctx.db, ctx.session.id);
    await announceSessionsEnded(ctx.bus, { sessionId: ctx.session.id });
  }
  ctx.resHeaders.append("Set-Cookie", blankSessionCookie(ctx.config.NODE_ENV === "production"));
  return { success: true };
}
