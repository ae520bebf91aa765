// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password and
// sessions, in both portals. Every call acts on the caller alone; a session id of someone else is
// "not found".
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { and, type DbExecutor, eq, hashPassword, passkeys, sessions, users, verifyPassword } from "@repo/db";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  ACCOUNT_MESSAGES,
  accountUpdateInputSchema,
  passkeyAddInputSchema,
  changePasswordInputSchema,
  totpCodeInputSchema,
  type AccountEventAction,
  listSchema,
  quantity,
} from "@repo/validators";
import { recordAccountChange } from "../auth/account-log.js";
import { passkeySchema, passkeysOf, registerPasskey, registrationOptions, relyingParty } from "../auth/passkeys.js";
import { admitSignIn } from "../auth/login-throttle.js";
import { assertUsablePassword } from "../auth/password-rules.js";
import { announceSessionsEnded, deleteOtherSessions, liveSessionsOf, sessionSchema } from "../auth/session.js";
import { forgetUserOf } from "../auth/session-cache.js";
import {
  confirmTotpEnrolment,
  hasSecondFactor,
  newRecoveryCodes,
  recoveryCodesLeft,
  removeSecondFactor,
  startTotpEnrolment,
} from "../auth/totp.js";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { readSecuritySettings, secondFactorRequiredFor } from "../settings/security.js";
import { protectedProcedure, rest } from "../trpc.js";
import type { ProtectedContext } from "../context.js";
import { userSchema } from "./auth.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["account"];

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

const passwordInput = z.object({ password: changePasswordInputSchema.shape.currentPassword });
const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });

export const accountRouter = {
  update: protectedProcedure
    .meta(rest("PATCH", "/account", tags, "Change one's own name"))
    .input(accountUpdateInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
      forgetUserOf(ctx.bus, ctx.user.id);
      return { ...ctx.user, name: input.name };
    }),

  /**
   * Needs the current password (limited like a sign-in, so a borrowed session cannot guess it); ends every
   * other session of the person, keeping this one.
   */
  changePassword: protectedProcedure
    .meta(rest("POST", "/account/password", tags, "Change one's own password; signs out every other session"))
    .input(changePasswordInputSchema)
    .output(z.object({ success: z.literal(true), endedSessions: quantity() }))
    .mutation(async ({ ctx, input }) => {
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
    }),

  secondFactor: protectedProcedure
    .meta(rest("GET", "/account/second-factor", tags, "Whether two-factor sign-in is on, and recovery codes left"))
    .output(z.object({ totp: z.boolean(), recoveryCodesLeft: quantity() }))
    .query(async ({ ctx }) => ({
      totp: await hasSecondFactor(ctx.db, ctx.user.id),
      recoveryCodesLeft: await recoveryCodesLeft(ctx.db, ctx.user.id),
    })),

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
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await changeOwnAccount(ctx, "second_factor_on", (tx) =>
        confirmTotpEnrolment(tx, ctx.user.id, input.code),
      ),
    })),

  disableSecondFactor: protectedProcedure
    .meta(rest("POST", "/account/second-factor/disable", tags, "Turn two-factor sign-in off (needs the password)"))
    .input(passwordInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await confirmOwnPassword(ctx, input.password);
      if (secondFactorRequiredFor(await readSecuritySettings(ctx.db), ctx.user.role)) {
        throw new ConflictError(ACCOUNT_MESSAGES.secondFactorRequired);
      }
      await changeOwnAccount(ctx, "second_factor_off", (tx) => removeSecondFactor(tx, ctx.user.id));
      return { success: true as const };
    }),

  newRecoveryCodes: protectedProcedure
    .meta(
      rest("POST", "/account/second-factor/recovery-codes", tags, "Replace the recovery codes (needs the password)"),
    )
    .input(passwordInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => {
      await confirmOwnPassword(ctx, input.password);
      if (!(await hasSecondFactor(ctx.db, ctx.user.id))) throw new ConflictError("Two-factor sign-in is off");
      const recoveryCodes = await changeOwnAccount(ctx, "recovery_codes_renewed", (tx) =>
        newRecoveryCodes(tx, ctx.user.id),
      );
      return { recoveryCodes };
    }),

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
    .mutation(({ ctx, input }) =>
      changeOwnAccount(ctx, "passkey_added", (tx) =>
        registerPasskey(tx, relyingParty(ctx), ctx.user.id, {
          response: input.response as unknown as RegistrationResponseJSON,
          name: input.name,
        }),
      ),
    ),

  removePasskey: protectedProcedure
    .meta(rest("DELETE", "/account/passkeys/{id}", tags, "Remove one of one's passkeys"))
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await changeOwnAccount(ctx, "passkey_removed", async (tx) => {
        const removed = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.user.id)))
          .returning({ id: passkeys.id });
        if (removed.length === 0) throw NotFoundError.of("Passkey");
      });
      return { success: true as const };
    }),

  sessions: protectedProcedure
    .meta(rest("GET", "/account/sessions", tags, "One's own sessions, most recently used first"))
    .output(listSchema("sessions", sessionSchema))
    .query(async ({ ctx }) => ({ sessions: await liveSessionsOf(ctx.db, ctx.session) })),

  /** Ending the current session is signing out. */
  endSession: protectedProcedure
    .meta(rest("DELETE", "/account/sessions/{id}", tags, "Sign out one of one's own sessions"))
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const [ended] = await ctx.db
        .delete(sessions)
        .where(and(eq(sessions.id, input.id), eq(sessions.userId, ctx.user.id)))
        .returning({ id: sessions.id });
      if (!ended) throw NotFoundError.of("Session");
      await announceSessionsEnded(ctx.bus, { sessionId: ended.id });
      return { success: true as const };
    }),

  endOtherSessions: protectedProcedure
    .meta(rest("POST", "/account/sessions/end-others", tags, "Sign out everywhere else"))
    .input(noInput)
    .output(z.object({ ended: quantity() }))
    .mutation(async ({ ctx }) => {
      const ended = await deleteOtherSessions(ctx.db, ctx.session);
      await announceSessionsEnded(ctx.bus, { userId: ctx.user.id, keptSessionId: ctx.session.id });
      return { ended };
    }),
} satisfies TRPCRouterRecord;
