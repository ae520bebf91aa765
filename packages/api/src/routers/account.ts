// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password and
// sessions, in both portals. Every call acts on the caller alone; a session id of someone else is
// "not found".
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  accountReauthInputSchema,
  accountUpdateInputSchema,
  passkeyAddInputSchema,
  changePasswordInputSchema,
  totpCodeInputSchema,
  isoTimestamp,
  listSchema,
  quantity,
  successSchema,
  totpEnrolmentSchema,
} from "@repo/validators";
import { authenticationOptions, passkeySchema, passkeysOf, relyingParty } from "../auth/passkeys.js";
import { liveSessionsOf, sessionSchema } from "../auth/session.js";
import { reauthenticate } from "../auth/sudo.js";
import {
  addOwnPasskey,
  changeOwnPassword,
  confirmOwnTotp,
  disableOwnSecondFactor,
  endOtherOwnSessions,
  endOwnSession,
  ownPasskeyOptions,
  ownSecondFactor,
  removeOwnPasskey,
  renameOwnAccount,
  renewOwnRecoveryCodes,
  startOwnTotp,
} from "../accounts/own-account.js";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { ProtectedContext } from "../context.js";
import { protectedProcedure, rest } from "../trpc.js";
import { userSchema } from "./auth.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["account"];

const passwordInput = z.object({ password: changePasswordInputSchema.shape.currentPassword });
const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });

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
    z.object({
      totp: z.boolean(),
      recoveryCodesLeft: quantity(),
      /** When and from where the app was added; null when off, or added before this was kept. */
      addedAt: isoTimestamp().nullable(),
      addedIp: z.string().nullable(),
      addedUserAgent: z.string().nullable(),
    }),
    ownSecondFactor,
  ),

  /**
   * Sudo mode (docs/architecture.md §6a): the password, a code from the app (or a recovery code) or a
   * passkey's answer, one of them; for 5 minutes this session may then change how the person signs in.
   */
  reauthenticate: ownChange(
    rest("POST", "/account/reauthenticate", tags, "Confirm it is you again (password, code or passkey)"),
    accountReauthInputSchema,
    successSchema,
    reauthenticate,
  ),

  /** The options for navigator.credentials.get() with one of the caller's own passkeys, to re-authenticate. */
  reauthPasskeyOptions: ownChange(
    rest("POST", "/account/reauthenticate/passkey-options", tags, "Start confirming it is you with a passkey"),
    noInput,
    z.record(z.string(), z.unknown()),
    async (ctx) => ({ ...(await authenticationOptions(ctx.db, relyingParty(ctx), ctx.user.id)) }),
  ),

  /** A new authenticator key, shown as a QR code; nothing changes until a code confirms it. Sudo mode. */
  startTotp: ownChange(
    rest("POST", "/account/second-factor/totp", tags, "Start adding an authenticator app"),
    noInput,
    totpEnrolmentSchema,
    startOwnTotp,
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
    successSchema,
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
    async (ctx) => ({ ...(await ownPasskeyOptions(ctx)) }),
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
    successSchema,
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
    successSchema,
    (ctx, input) => endOwnSession(ctx, input.id),
  ),

  endOtherSessions: ownChange(
    rest("POST", "/account/sessions/end-others", tags, "Sign out everywhere else"),
    noInput,
    z.object({ ended: quantity() }),
    endOtherOwnSessions,
  ),
} satisfies TRPCRouterRecord;
