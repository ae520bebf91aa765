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
import type { OpenApiMeta } from "trpc-to-openapi";
import type { ProtectedContext } from "../context.js";
import { protectedProcedure, rest } from "../trpc.js";
import { userSchema } from "./auth.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["account"];

const passwordInput = z.object({ password: changePasswordInputSchema.shape.currentPassword });
const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });
const successOutput = z.object({ success: z.literal(true) });

/** A change to the caller's own account: `change` is handed the caller's context and the parsed input. */
const ownChange = <In, Out, T>(
  meta: OpenApiMeta,
  input: z.ZodType<Out, In>,
  output: z.ZodType<T>,
  change: (ctx: ProtectedContext, input: Out) => Promise<T>,
) =>
  protectedProcedure
    .meta(meta)
    .input(input)
    .output(output)
    // `input` as `Out`: as in trpc.ts's companyQuery.
    .mutation(({ ctx, input }) => change(ctx, input as Out));

/** A look at the caller's own account, which takes nothing but the session. */
const ownRead = <T>(meta: OpenApiMeta, output: z.ZodType<T>, read: (ctx: ProtectedContext) => Promise<T>) =>
  protectedProcedure
    .meta(meta)
    .output(output)
    .query(({ ctx }) => read(ctx));

export const accountRouter = {
  update: ownChange(
    rest("PATCH", "/account", tags, "Change one's own name"),
    accountUpdateInputSchema,
    userSchema,
    (ctx, input) => renameOwnAccount(ctx, input.name),
  ),

  /**
   * Needs the current password (limited like a sign-in, so a borrowed session cannot guess it); ends every
   * other session of the person, keeping this one.
   */
  changePassword: ownChange(
    rest("POST", "/account/password", tags, "Change one's own password; signs out every other session"),
    changePasswordInputSchema,
    z.object({ success: z.literal(true), endedSessions: quantity() }),
    changeOwnPassword,
  ),

  secondFactor: ownRead(
    rest("GET", "/account/second-factor", tags, "Whether two-factor sign-in is on, and recovery codes left"),
    z.object({ totp: z.boolean(), recoveryCodesLeft: quantity() }),
    ownSecondFactor,
  ),

  /** A new authenticator key, shown as a QR code; nothing changes until a code confirms it. */
  startTotp: ownChange(
    rest("POST", "/account/second-factor/totp", tags, "Start adding an authenticator app"),
    noInput,
    z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
    (ctx) => startTotpEnrolment(ctx.db, ctx.user),
  ),

  confirmTotp: ownChange(
    rest("POST", "/account/second-factor/totp/confirm", tags, "Turn two-factor sign-in on with a first code"),
    totpCodeInputSchema,
    recoveryCodesOutput,
    (ctx, input) => confirmOwnTotp(ctx, input.code),
  ),

  disableSecondFactor: ownChange(
    rest("POST", "/account/second-factor/disable", tags, "Turn two-factor sign-in off (needs the password)"),
    passwordInput,
    successOutput,
    (ctx, input) => disableOwnSecondFactor(ctx, input.password),
  ),

  newRecoveryCodes: ownChange(
    rest("POST", "/account/second-factor/recovery-codes", tags, "Replace the recovery codes (needs the password)"),
    passwordInput,
    recoveryCodesOutput,
    (ctx, input) => renewOwnRecoveryCodes(ctx, input.password),
  ),

  passkeys: ownRead(
    rest("GET", "/account/passkeys", tags, "One's own passkeys"),
    listSchema("passkeys", passkeySchema),
    async (ctx) => ({ passkeys: await passkeysOf(ctx.db, ctx.user.id) }),
  ),

  /** The options for the browser's navigator.credentials.create(). */
  passkeyOptions: ownChange(
    rest("POST", "/account/passkeys/options", tags, "Start registering a passkey"),
    noInput,
    z.record(z.string(), z.unknown()),
    // Spread: the library's interface becomes a plain object the output schema accepts.
    async (ctx) => ({ ...(await registrationOptions(ctx.db, relyingParty(ctx), ctx.user)) }),
  ),

  addPasskey: ownChange(
    rest("POST", "/account/passkeys", tags, "Register a passkey"),
    passkeyAddInputSchema,
    z.object({ id: z.string(), name: z.string() }),
    addOwnPasskey,
  ),

  removePasskey: ownChange(
    rest("DELETE", "/account/passkeys/{id}", tags, "Remove one of one's passkeys"),
    idInput,
    successOutput,
    (ctx, input) => removeOwnPasskey(ctx, input.id),
  ),

  sessions: ownRead(
    rest("GET", "/account/sessions", tags, "One's own sessions, most recently used first"),
    listSchema("sessions", sessionSchema),
    async (ctx) => ({ sessions: await liveSessionsOf(ctx.db, ctx.session) }),
  ),

  /** Ending the current session is signing out. */
  endSession: ownChange(
    rest("DELETE", "/account/sessions/{id}", tags, "Sign out one of one's own sessions"),
    idInput,
    successOutput,
    (ctx, input) => endOwnSession(ctx, input.id),
  ),

  endOtherSessions: ownChange(
    rest("POST", "/account/sessions/end-others", tags, "Sign out everywhere else"),
    noInput,
    z.object({ ended: quantity() }),
    endOtherOwnSessions,
  ),
} satisfies TRPCRouterRecord;
