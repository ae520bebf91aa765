// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password and
// sessions, in both portals. Every call acts on the caller alone; a session id of someone else is
// "not found".
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  accountUpdateInputSchema,
  passkeyAddInputSchema,
  changePasswordInputSchema,
  totpCodeInputSchema,
  listSchema,
  quantity,
} from "@repo/validators";
import { passkeySchema, passkeysOf, registrationOptions, relyingParty } from "../auth/passkeys.js";
import { liveSessionsOf, sessionSchema } from "../auth/session.js";
import { startTotpEnrolment } from "../auth/totp.js";
import {
  addOwnPasskey,
  changeOwnPassword,
  confirmOwnTotp,
  disableOwnSecondFactor,
  endOtherOwnSessions,
  endOwnSession,
  ownSecondFactor,
  removeOwnPasskey,
  renameOwnAccount,
  renewOwnRecoveryCodes,
} from "../accounts/own-account.js";
import { protectedProcedure, rest } from "../trpc.js";
import { userSchema } from "./auth.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["account"];

const passwordInput = z.object({ password: changePasswordInputSchema.shape.currentPassword });
const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });

export const accountRouter = {
  update: protectedProcedure
    .meta(rest("PATCH", "/account", tags, "Change one's own name"))
    .input(accountUpdateInputSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => renameOwnAccount(ctx, input.name)),

  /**
   * Needs the current password (limited like a sign-in, so a borrowed session cannot guess it); ends every
   * other session of the person, keeping this one.
   */
  changePassword: protectedProcedure
    .meta(rest("POST", "/account/password", tags, "Change one's own password; signs out every other session"))
    .input(changePasswordInputSchema)
    .output(z.object({ success: z.literal(true), endedSessions: quantity() }))
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),

  secondFactor: protectedProcedure
    .meta(rest("GET", "/account/second-factor", tags, "Whether two-factor sign-in is on, and recovery codes left"))
    .output(z.object({ totp: z.boolean(), recoveryCodesLeft: quantity() }))
    .query(({ ctx }) => ownSecondFactor(ctx)),

  /** A new authenticator key, shown as a QR code; nothing changes until a code confirms it. */
  startTotp: protectedProcedure
    .meta(rest("POST", "/account/second-factor/totp", tags, "Start adding an authenticator app"))
    .input(noInput)
    .output(z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }))
    .mutation(({ ctx }) => startTotpEnrolment(ctx.db, ctx.user)),

  confirmTotp: protectedProcedure
    .meta(rest("POST", "/account/second-factor/totp/confirm", tags, "Turn two-factor sign-in on with a first code"))
    .input(totpCodeInputSchema)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) => confirmOwnTotp(ctx, input.code)),

  disableSecondFactor: protectedProcedure
    .meta(rest("POST", "/account/second-factor/disable", tags, "Turn two-factor sign-in off (needs the password)"))
    .input(passwordInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => disableOwnSecondFactor(ctx, input.password)),

  newRecoveryCodes: protectedProcedure
    .meta(
      rest("POST", "/account/second-factor/recovery-codes", tags, "Replace the recovery codes (needs the password)"),
    )
    .input(passwordInput)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) => renewOwnRecoveryCodes(ctx, input.password)),

  passkeys: protectedProcedure
    .meta(rest("GET", "/account/passkeys", tags, "One's own passkeys"))
    .output(listSchema("passkeys", passkeySchema))
    .query(async ({ ctx }) => ({ passkeys: await passkeysOf(ctx.db, ctx.user.id) })),

  /** The options for the browser's navigator.credentials.create(). */
  passkeyOptions: protectedProcedure
    .meta(rest("POST", "/account/passkeys/options", tags, "Start registering a passkey"))
    .input(noInput)
    .output(z.record(z.string(), z.unknown()))
    // Spread: the library's interface becomes a plain object the output schema accepts.
    .mutation(async ({ ctx }) => ({ ...(await registrationOptions(ctx.db, relyingParty(ctx), ctx.user)) })),

  addPasskey: protectedProcedure
    .meta(rest("POST", "/account/passkeys", tags, "Register a passkey"))
    .input(passkeyAddInputSchema)
    .output(z.object({ id: z.string(), name: z.string() }))
    .mutation(({ ctx, input }) => addOwnPasskey(ctx, input)),

  removePasskey: protectedProcedure
    .meta(rest("DELETE", "/account/passkeys/{id}", tags, "Remove one of one's passkeys"))
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => removeOwnPasskey(ctx, input.id)),

  sessions: protectedProcedure
    .meta(rest("GET", "/account/sessions", tags, "One's own sessions, most recently used first"))
    .output(listSchema("sessions", sessionSchema))
    .query(async ({ ctx }) => ({ sessions: await liveSessionsOf(ctx.db, ctx.session) })),

  /** Ending the current session is signing out. */
  endSession: protectedProcedure
    .meta(rest("DELETE", "/account/sessions/{id}", tags, "Sign out one of one's own sessions"))
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => endOwnSession(ctx, input.id)),

  endOtherSessions: protectedProcedure
    .meta(rest("POST", "/account/sessions/end-others", tags, "Sign out everywhere else"))
    .input(noInput)
    .output(z.object({ ended: quantity() }))
    .mutation(({ ctx }) => endOtherOwnSessions(ctx)),
} satisfies TRPCRouterRecord;
