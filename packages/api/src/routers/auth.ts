// Sign-in, sign-out, the current user and registration (docs/product-spec.md §4 and §7, docs/architecture.md "Auth").
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
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
  totpEnrolmentSchema,
} from "@repo/validators";
import { authenticationOptions, relyingParty } from "../auth/passkeys.js";
import { enabledSsoProviders } from "../auth/sso.js";
import { requestPasswordReset, resetPassword } from "../auth/password-reset.js";
import {
  confirmEnrolmentDuringSignIn,
  signInWithPasskey,
  signInWithPassword,
  signInWithSecondFactor,
  signOut,
  startEnrolmentDuringSignIn,
} from "../auth/sign-in-flows.js";
import { issueSocketTicket, SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets.js";
import { registerUser } from "../users/admin.js";
import { acceptInvitation } from "../users/invitations.js";
import { adminProcedure, protectedProcedure, publicProcedure, rest } from "../trpc.js";
import { noInput } from "./inputs.js";

const tags = ["auth"];

export const publicUserSchema = z.object({ name: z.string(), email: z.string(), role: roleSchema });
export const userSchema = publicUserSchema.extend({ id: z.string(), clientId: z.string().nullable() });
const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema });

export const authRouter = {
  clientLogin: publicProcedure
    .meta(rest("POST", "/client/login", tags, "Client sign-in", { protect: false }))
    .input(clientLoginInputSchema)
    .output(loginResponseSchema)
    .mutation(({ ctx, input }) => signInWithPassword(ctx, input, "client")),

  login: publicProcedure
    .meta(rest("POST", "/auth/login", tags, "Staff sign-in", { protect: false }))
    .input(staffLoginInputSchema)
    .output(loginResponseSchema)
    .mutation(({ ctx, input }) => signInWithPassword(ctx, input, "staff")),

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
          "Extends docs/product-spec.md §7: when POST /api/auth/login or /api/client/login answers 401 " +
          '`{ code: "SECOND_FACTOR_REQUIRED", challenge, secondFactor: "totp" }`, send the challenge with a code from the authenticator app ' +
          "or a recovery code, within 5 minutes; the answer is the usual `{ token, user }`.",
        protect: false,
      },
    })
    .input(secondFactorInputSchema)
    .output(loginResponseSchema)
    .mutation(({ ctx, input }) => signInWithSecondFactor(ctx, input)),

  /** A sign-in that answered 401 `SECOND_FACTOR_ENROLMENT`: the authenticator key to set up. */
  startEnrolment: publicProcedure
    .meta(rest("POST", "/auth/login/enrol", tags, "Set up the second factor a sign-in requires", { protect: false }))
    .input(secondFactorInputSchema.pick({ challenge: true }))
    .output(totpEnrolmentSchema)
    .mutation(({ ctx, input }) => startEnrolmentDuringSignIn(ctx.db, input.challenge)),

  /** Its first code turns the factor on and completes the sign-in; the recovery codes come with it. */
  confirmEnrolment: publicProcedure
    .meta(
      rest("POST", "/auth/login/enrol/confirm", tags, "Confirm the new second factor and sign in", { protect: false }),
    )
    .input(enrolDuringSignInInputSchema)
    .output(loginResponseSchema.extend({ recoveryCodes: z.array(z.string()) }))
    .mutation(({ ctx, input }) => confirmEnrolmentDuringSignIn(ctx, input)),

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
    .mutation(({ ctx, input }) => signInWithPasskey(ctx, input)),

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
    .mutation(({ ctx }) => signOut(ctx)),

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

  /** Beyond the spec: an invited person chooses their password with the mailed link, then signs in. */
  acceptInvitation: publicProcedure
    .meta(
      rest("POST", "/auth/invitation/accept", tags, "Choose a password with an invitation link", {
        protect: false,
      }),
    )
    .input(resetPasswordInputSchema)
    .output(z.object({ success: z.literal(true), portal: accountPortalSchema }))
    .mutation(async ({ ctx, input }) => ({ success: true as const, ...(await acceptInvitation(ctx, input)) })),

  me: protectedProcedure
    .meta(rest("GET", "/auth/me", tags, "The signed-in user"))
    .output(userSchema)
    .query(({ ctx }) => ctx.user),

  /** ADMIN only: open self-registration would let anyone create a staff account. */
  register: adminProcedure
    .meta(rest("POST", "/register", ["users"], "Create a user"))
    .input(registerInputSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => registerUser(ctx.db, input)),
} satisfies TRPCRouterRecord;
