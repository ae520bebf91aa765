// Sign-in, sign-out, the current user and registration (docs/product-spec.md §4 and §7, docs/architecture.md "Auth").
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { clients, dummyPasswordHash, eq, hashPassword, isUuid, users, verifyPassword } from "@repo/db";
import {
  ACCOUNT_MESSAGES,
  accountPortalSchema,
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  secondFactorInputSchema,
  enrolDuringSignInInputSchema,
  passkeySignInInputSchema,
  clientLoginInputSchema,
  registerInputSchema,
  roleSchema,
  staffLoginInputSchema,
  type StaffLoginInput,
} from "@repo/validators";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { admitSignIn } from "../auth/login-throttle.js";
import { PASSKEY_REFUSED, authenticateWithPasskey, authenticationOptions, relyingParty } from "../auth/passkeys.js";
import { portalRefusal, requestOrigin, startSession } from "../auth/sign-in.js";
import { enabledSsoProviders, ssoRequiredCompany, ssoRequiredMessage } from "../auth/sso.js";
import { recordSignIn, type SignInOutcome } from "../auth/sign-in-log.js";
import { requestPasswordReset, resetPassword } from "../auth/password-reset.js";
import {
  CHALLENGE_MESSAGES,
  challengeUser,
  completeChallenge,
  secondFactorStep,
  spendChallenge,
} from "../auth/sign-in-challenge.js";
import { confirmTotpEnrolment, startTotpEnrolment } from "../auth/totp.js";
import { announceSessionsEnded, blankSessionCookie, invalidateSession } from "../auth/session.js";
import { issueSocketTicket, SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets.js";
import { adminProcedure, protectedProcedure, publicProcedure, rest } from "../trpc.js";
import type { Context } from "../context.js";
import { noInput } from "./inputs.js";
import { ConflictError, ForbiddenError, InvalidError, UnauthorizedError } from "../errors.js";

const tags = ["auth"];

export const publicUserSchema = z.object({ name: z.string(), email: z.string(), role: roleSchema });
export const userSchema = publicUserSchema.extend({ id: z.string(), clientId: z.string().nullable() });
const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
/** The answer of a sign-in whose person has a second factor: no session yet, a challenge to complete. */
const challengeResponseSchema = z.object({
  challenge: z.string(),
  /** totp: a code completes the sign-in; enrol: the policy requires a factor the person must first set up. */
  secondFactor: z.enum(["totp", "enrol"]),
});
const signInResponseSchema = z.union([loginResponseSchema, challengeResponseSchema]);

const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Shared by both portals. The failure message never says whether the email or the password was wrong;
 * attempts are limited per account and address, per address, and per account (auth/login-throttle.ts).
 */
async function signIn(ctx: Context, input: StaffLoginInput, portal: "client" | "staff") {
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
  if (!user || !valid || !user.active) {
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
  const secondStep = await secondFactorStep(ctx.db, user);
  if (secondStep) return secondStep;
  await log("success");
  return startSession(ctx, user);
}

export const authRouter = {
  clientLogin: publicProcedure
    .meta(rest("POST", "/client/login", tags, "Client sign-in", { protect: false }))
    .input(clientLoginInputSchema)
    .output(signInResponseSchema)
    .mutation(({ ctx, input }) => signIn(ctx, input, "client")),

  login: publicProcedure
    .meta(rest("POST", "/auth/login", tags, "Staff sign-in", { protect: false }))
    .input(staffLoginInputSchema)
    .output(signInResponseSchema)
    .mutation(({ ctx, input }) => signIn(ctx, input, "staff")),

  /**
   * Beyond the spec: the second step of a sign-in with two factors. The code is the authenticator app's
   * six digits or a recovery code; the answer is the spec's sign-in answer.
   */
  verifySecondFactor: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login/verify",
        tags,
        summary: "Complete a two-factor sign-in (an extension of the spec)",
        description:
          "Extends docs/product-spec.md §7: when POST /api/auth/login or /api/client/login answers " +
          '`{ challenge, secondFactor: "totp" }`, send the challenge with a code from the authenticator app ' +
          "or a recovery code, within 5 minutes; the answer is the usual `{ token, user }`.",
        protect: false,
      },
    })
    .input(secondFactorInputSchema)
    .output(loginResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { userId, method } = await completeChallenge(ctx.db, input.challenge, input.code, requestOrigin(ctx));
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!user?.active) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
      await recordSignIn(ctx.db, { ...requestOrigin(ctx), userId, email: user.email, method, outcome: "success" });
      return startSession(ctx, user);
    }),

  /** A sign-in that answered `secondFactor: "enrol"`: the authenticator key to set up. */
  startEnrolment: publicProcedure
    .meta(rest("POST", "/auth/login/enrol", tags, "Set up the second factor a sign-in requires", { protect: false }))
    .input(secondFactorInputSchema.pick({ challenge: true }))
    .output(z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const userId = await challengeUser(ctx.db, input.challenge);
      const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
      return startTotpEnrolment(ctx.db, user);
    }),

  /** Its first code turns the factor on and completes the sign-in; the recovery codes come with it. */
  confirmEnrolment: publicProcedure
    .meta(
      rest("POST", "/auth/login/enrol/confirm", tags, "Confirm the new second factor and sign in", { protect: false }),
    )
    .input(enrolDuringSignInInputSchema)
    .output(loginResponseSchema.extend({ recoveryCodes: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => {
      const userId = await challengeUser(ctx.db, input.challenge, { countingCode: true });
      const recoveryCodes = await confirmTotpEnrolment(ctx.db, userId, input.code);
      if (!(await spendChallenge(ctx.db, input.challenge))) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!user?.active) throw new UnauthorizedError(CHALLENGE_MESSAGES.expired);
      await recordSignIn(ctx.db, {
        ...requestOrigin(ctx),
        userId,
        email: user.email,
        method: "totp",
        outcome: "success",
      });
      return { ...(await startSession(ctx, user)), recoveryCodes };
    }),

  /** The options for the browser's navigator.credentials.get() (any passkey of this site). */
  passkeyOptions: publicProcedure
    .meta(rest("POST", "/auth/passkey/options", tags, "Start signing in with a passkey", { protect: false }))
    .input(noInput)
    .output(z.record(z.string(), z.unknown()))
    .mutation(async ({ ctx }) => ({ ...(await authenticationOptions(ctx.db, relyingParty(ctx))) })),

  /** A passkey signs in on its own: no password, no code (it is both factors). */
  passkeySignIn: publicProcedure
    .meta(rest("POST", "/auth/passkey", tags, "Sign in with a passkey", { protect: false }))
    .input(passkeySignInInputSchema)
    .output(loginResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const response = input.response as unknown as AuthenticationResponseJSON;
      const userId = await authenticateWithPasskey(ctx.db, relyingParty(ctx), response);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
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
    }),

  /** Beyond the spec: which "Sign in with …" buttons the sign-in pages show (docs/architecture.md §6a). */
  ssoProviders: publicProcedure
    .meta(rest("GET", "/auth/sso-providers", tags, "Single sign-on providers that are set up", { protect: false }))
    .output(z.array(z.object({ id: z.enum(["microsoft", "google"]), label: z.string() })))
    .query(({ ctx }) => enabledSsoProviders(ctx.config)),

  /** Succeeds without a session too: the client login calls it first and ignores errors. */
  logout: publicProcedure
    .meta(rest("POST", "/auth/logout", tags, "Sign out", { protect: false }))
    .input(noInput)
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx }) => {
      if (ctx.session) {
        await invalidateSession(ctx.db, ctx.session.id);
        await announceSessionsEnded(ctx.bus, { sessionId: ctx.session.id });
      }
      ctx.resHeaders.append("Set-Cookie", blankSessionCookie(ctx.config.NODE_ENV === "production"));
      return { success: true };
    }),

  /**
   * Beyond the spec: a one-time ticket for `/ws?token=`, so the web app's socket URL (which proxies
   * log) never carries the session token. The token itself still works there, as the spec says.
   */
  socketTicket: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/socket-ticket",
        tags: ["auth"],
        summary: "A one-time WebSocket ticket (an extension of the spec)",
        description:
          "Extends docs/product-spec.md §7: returns a ticket to open `/ws?token=<ticket>` once, within " +
          `${SOCKET_TICKET_TTL_SECONDS} seconds, so the socket URL carries no session token. ` +
          "`/ws?token=<session token>` keeps working as the spec describes.",
      },
    })
    .input(noInput)
    .output(z.object({ ticket: z.string() }))
    .mutation(async ({ ctx }) => ({ ticket: await issueSocketTicket(ctx.db, ctx.session.id) })),

  /** Beyond the spec: "Forgot password". The same answer whether or not the address has an account. */
  forgotPassword: publicProcedure
    .meta(rest("POST", "/auth/password-reset", tags, "Mail a link to choose a new password", { protect: false }))
    .input(forgotPasswordInputSchema)
    .output(z.object({ success: z.literal(true), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input);
      return { success: true as const, message: ACCOUNT_MESSAGES.resetSent };
    }),

  /** Sets the password from the mailed link; every session of the person ends. */
  resetPassword: publicProcedure
    .meta(
      rest("POST", "/auth/password-reset/confirm", tags, "Choose a new password with a mailed link", {
        protect: false,
      }),
    )
    .input(resetPasswordInputSchema)
    .output(z.object({ success: z.literal(true), portal: accountPortalSchema }))
    .mutation(async ({ ctx, input }) => ({ success: true as const, ...(await resetPassword(ctx, input)) })),

  me: protectedProcedure
    .meta(rest("GET", "/auth/me", tags, "The signed-in user"))
    .output(userSchema)
    .query(({ ctx }) => ctx.user),

  /** ADMIN only: open self-registration would let anyone create a staff account. */
  register: adminProcedure
    .meta(rest("POST", "/register", ["users"], "Create a user"))
    .input(registerInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const email = input.email.toLowerCase();
      const clientId = input.role === "CLIENT" ? input.clientId! : null;
      if (clientId) {
        const [company] = isUuid(clientId)
          ? await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
          : [];
        if (!company) throw new InvalidError("Unknown client company");
      }
      const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw new ConflictError("A user with this email already exists");
      const [user] = await ctx.db
        .insert(users)
        .values({
          name: input.name,
          email,
          role: input.role,
          clientId,
          passwordHash: await hashPassword(input.password),
        })
        .onConflictDoNothing()
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role, clientId: users.clientId });
      if (!user) throw new ConflictError("A user with this email already exists");
      return user;
    }),
} satisfies TRPCRouterRecord;
