// My account (beyond the spec; docs/architecture.md "Accounts"): a person's own name, password and
// sessions, in both portals. Every call acts on the caller alone; a session id of someone else is
// "not found".
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { and, desc, eq, hashPassword, sessions, users, verifyPassword } from "@repo/db";
import { ACCOUNT_MESSAGES, accountUpdateSchema, changePasswordSchema, isoTimestamp } from "@repo/validators";
import { admitSignIn } from "../auth/login-throttle.js";
import { assertUsablePassword } from "../auth/password-rules.js";
import { announceSessionsEnded, deleteOtherSessions } from "../auth/session.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { protectedProcedure, rest } from "../trpc.js";
import { userSchema } from "./auth.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["account"];

const sessionSchema = z.object({
  id: z.string(),
  createdAt: isoTimestamp(),
  lastUsedAt: isoTimestamp(),
  expiresAt: isoTimestamp(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});

const sessionNotFound = () => new NotFoundError("Session not found");

export const accountRouter = {
  update: protectedProcedure
    .meta(rest("PATCH", "/account", tags, "Change one's own name"))
    .input(accountUpdateSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
      return { ...ctx.user, name: input.name };
    }),

  /**
   * Needs the current password (limited like a sign-in, so a borrowed session cannot guess it); ends every
   * other session of the person, keeping this one.
   */
  changePassword: protectedProcedure
    .meta(rest("POST", "/account/password", tags, "Change one's own password; signs out every other session"))
    .input(changePasswordSchema)
    .output(z.object({ success: z.literal(true), endedSessions: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const attempt = await admitSignIn(ctx.db, ctx.user.email, ctx.ip);
      const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id));
      if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
        throw new InvalidError(ACCOUNT_MESSAGES.wrongCurrent);
      }
      await attempt.succeeded();
      if (input.newPassword === input.currentPassword) throw new InvalidError(ACCOUNT_MESSAGES.sameAsCurrent);
      assertUsablePassword(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const ended = await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
        return deleteOtherSessions(tx, ctx.session);
      });
      await announceSessionsEnded(ctx.bus, { userId: ctx.user.id, keptSessionId: ctx.session.id });
      return { success: true as const, endedSessions: ended };
    }),

  sessions: protectedProcedure
    .meta(rest("GET", "/account/sessions", tags, "One's own sessions, most recently used first"))
    .input(noInput)
    .output(z.object({ sessions: z.array(sessionSchema) }))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, ctx.user.id))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
      return {
        sessions: rows
          .filter((s) => s.expiresAt.getTime() > Date.now())
          .map((s) => ({
            id: s.id,
            createdAt: s.createdAt.toISOString(),
            lastUsedAt: s.lastUsedAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            userAgent: s.userAgent,
            ipAddress: s.ipAddress,
            current: s.id === ctx.session.id,
          })),
      };
    }),

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
      if (!ended) throw sessionNotFound();
      await announceSessionsEnded(ctx.bus, { sessionId: ended.id });
      return { success: true as const };
    }),

  endOtherSessions: protectedProcedure
    .meta(rest("POST", "/account/sessions/end-others", tags, "Sign out everywhere else"))
    .input(noInput)
    .output(z.object({ ended: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const ended = await deleteOtherSessions(ctx.db, ctx.session);
      await announceSessionsEnded(ctx.bus, { userId: ctx.user.id, keptSessionId: ctx.session.id });
      return { ended };
    }),
} satisfies TRPCRouterRecord;
