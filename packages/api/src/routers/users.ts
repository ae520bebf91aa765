// Users (docs/architecture.md, "Settled open points": the staff Users screen). Staff read the list (the Assign To
// select needs it); only an ADMIN changes roles, deactivates, reactivates or resets passwords. Creating
// a user is POST /api/register (routers/auth.ts).
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountChangesOf, recordAccountChange } from "../auth/account-log.js";
import { removeSecondFactor } from "../auth/totp.js";
import {
  and,
  clients,
  columnsOf,
  containsPattern,
  count,
  type DbExecutor,
  desc,
  eq,
  ilike,
  or,
  hashPassword,
  isUuid,
  signInEvents,
  users,
} from "@repo/db";
import {
  ACCOUNT_EVENT_ACTIONS,
  type AccountEventAction,
  isoTimestamp,
  userPasswordResetInputSchema,
  roleSchema,
  userListQuerySchema,
  userPageQuerySchema,
  userUpdateInputSchema,
  listSchema,
  pageSchema,
  quantity,
} from "@repo/validators";
import { assertCursor, keyset, pageOf } from "../lib/keyset.js";
import { announceSessionsEnded, invalidateUserSessions } from "../auth/session.js";
import { forgetUserOf } from "../auth/session-cache.js";
import { adminProcedure, staffProcedure, rest } from "../trpc.js";
import type { ProtectedContext } from "../context.js";
import { idInput } from "./inputs.js";
import { InvalidError, NotFoundError } from "../errors.js";

const tags = ["users"];

const signInEventSchema = z.object({
  id: z.string(),
  outcome: z.string(),
  method: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoTimestamp(),
});

const listedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  clientId: z.string().nullable(),
});

const columns = columnsOf(users, listedUserSchema.keyof().options);
const signInColumns = columnsOf(signInEvents, signInEventSchema.keyof().options);

/** By name, then email, then id (issue 20: keyset pages neither lose nor repeat a person). */
const USER_ORDER = keyset(users, [
  { of: (t) => t.name, direction: "asc" },
  { of: (t) => t.email, direction: "asc" },
  { of: (t) => t.id, direction: "asc" },
]);

const nameOrEmailContains = (q: string | undefined) =>
  q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;

/** The users in order, searched, from after `cursor`; `limit` of them (and whether more follow) or all. */
async function userRows(db: DbExecutor, query: { q?: string; cursor?: string; limit?: number }) {
  if (query.cursor !== undefined) await assertCursor(db, users, query.cursor, undefined, "users");
  const rows = db
    .select(columns)
    .from(users)
    .where(and(nameOrEmailContains(query.q), query.cursor === undefined ? undefined : USER_ORDER.after(query.cursor)))
    .orderBy(...USER_ORDER.orderBy);
  const found = await (query.limit === undefined ? rows : rows.limit(query.limit + 1));
  return pageOf(found, query.limit ?? found.length, (user) => user.id);
}

/**
 * An admin's change to how a person signs in (a new password, a removed second factor): made with every
 * session of theirs ended and recorded in the account log with the admin's name, in one transaction
 * (docs/architecture.md §6a); open tabs are then told their sessions ended.
 */
async function changeSignInAsAdmin(
  ctx: ProtectedContext,
  userId: string,
  action: AccountEventAction,
  change: (tx: DbExecutor) => Promise<void>,
) {
  await ctx.db.transaction(async (tx) => {
    await change(tx);
    await invalidateUserSessions(tx, userId);
    await recordAccountChange(tx, { userId, actorId: ctx.user.id, action, ip: ctx.ip });
  });
  await announceSessionsEnded(ctx.bus, { userId });
  return { success: true as const };
}

/**
 * An admin's look at, or change to, the one person the path's `{id}` names. An id that cannot be anyone's
 * is "not found", as an unknown one is (idInput), and the database is never asked about it.
 */
const adminOnUserProcedure = adminProcedure.input(idInput).use(({ input, next }) => {
  if (!isUuid(input.id)) throw NotFoundError.of("User");
  return next();
});

export const usersRouter = {
  /** Every user, or with `cursor` and `limit` the users after the cursor: `{ users }` either way. */
  list: staffProcedure
    .meta(rest("GET", "/users", tags, "Every user"))
    .input(userListQuerySchema)
    .output(listSchema("users", listedUserSchema))
    .query(async ({ ctx, input }) => ({ users: (await userRows(ctx.db, { ...input })).rows })),

  page: staffProcedure
    .meta(rest("GET", "/users/page", tags, "A page of the users whose name or email contains q"))
    .input(userPageQuerySchema)
    .output(pageSchema("users", listedUserSchema).extend({ matching: quantity() }))
    .query(async ({ ctx, input }) => {
      const [{ rows, nextCursor }, [counted]] = await Promise.all([
        userRows(ctx.db, input),
        ctx.db.select({ n: count() }).from(users).where(nameOrEmailContains(input.q)),
      ]);
      return { users: rows, nextCursor, matching: counted?.n ?? 0 };
    }),

  /**
   * Change name, role (with the company for a CLIENT) or active. A role change or deactivation ends the
   * user's sessions, so no token keeps powers it no longer has. An admin cannot lock themselves out.
   */
  update: adminProcedure
    .meta(rest("PATCH", "/users/{id}", tags, "Change a user's role, name or active state (admin)"))
    .input(userUpdateInputSchema.extend({ id: z.string() }))
    .output(listedUserSchema)
    .mutation(async ({ ctx, input }) => {
      if (!isUuid(input.id)) throw NotFoundError.of("User");
      const self = input.id === ctx.user.id;
      if (self && (input.active === false || (input.role && input.role !== "ADMIN"))) {
        throw new InvalidError("You cannot deactivate or demote your own account");
      }
      const { user, sessionsEnded } = await ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, input.id)).for("update");
        if (!before) throw NotFoundError.of("User");
        const role = input.role ?? before.role;
        let clientId = role === "CLIENT" ? (input.clientId ?? before.clientId) : null;
        if (role === "CLIENT") {
          const [company] =
            clientId && isUuid(clientId)
              ? await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
              : [];
          if (!company) throw new InvalidError("A client user needs a company");
          clientId = company.id;
        }
        const [user] = await tx
          .update(users)
          .set({ name: input.name ?? before.name, role, clientId, active: input.active ?? before.active })
          .where(eq(users.id, input.id))
          .returning(columns);
        const powersChanged =
          role !== before.role || clientId !== before.clientId || (before.active && user!.active === false);
        if (powersChanged) await invalidateUserSessions(tx, input.id);
        return { user: user!, sessionsEnded: powersChanged };
      });
      if (sessionsEnded) await announceSessionsEnded(ctx.bus, { userId: input.id });
      else forgetUserOf(ctx.bus, input.id); // a new name shows at once here, within seconds elsewhere
      return user;
    }),

  resetPassword: adminProcedure
    .meta(rest("POST", "/users/{id}/password", tags, "Set a new password (admin)"))
    .input(userPasswordResetInputSchema.extend({ id: z.string() }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (!isUuid(input.id)) throw NotFoundError.of("User");
      const passwordHash = await hashPassword(input.password);
      return changeSignInAsAdmin(ctx, input.id, "password_set_by_admin", async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.id, input.id))
          .returning({ id: users.id });
        if (!user) throw NotFoundError.of("User");
      });
    }),

  /** The person's last 100 sign-in attempts, newest first: how, from where, and how each ended. */
  signIns: adminOnUserProcedure
    .meta(rest("GET", "/users/{id}/sign-ins", tags, "A person's sign-in log (admin)"))
    .output(listSchema("events", signInEventSchema))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select(signInColumns)
        .from(signInEvents)
        .where(eq(signInEvents.userId, input.id))
        .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
        .limit(100);
      return { events: rows.map(({ createdAt, ...event }) => ({ ...event, createdAt: createdAt.toISOString() })) };
    }),

  /** The person's last 100 account changes (password, second factor, passkeys), newest first, and by whom. */
  accountChanges: adminOnUserProcedure
    .meta(rest("GET", "/users/{id}/account-changes", tags, "A person's account log (admin)"))
    .output(
      z.object({
        events: z.array(
          z.object({
            id: z.string(),
            action: z.enum(ACCOUNT_EVENT_ACTIONS),
            actorName: z.string().nullable(),
            ipAddress: z.string().nullable(),
            createdAt: isoTimestamp(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => ({ events: await accountChangesOf(ctx.db, input.id) })),

  /**
   * For a person who lost their phone and their recovery codes: their second factor is removed and every
   * session of theirs ends; they sign in with the password alone and may enrol again.
   */
  resetSecondFactor: adminOnUserProcedure
    .meta(rest("POST", "/users/{id}/second-factor/reset", tags, "Remove a person's second factor (admin)"))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      changeSignInAsAdmin(ctx, input.id, "second_factor_reset_by_admin", async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
        if (!user) throw NotFoundError.of("User");
        await removeSecondFactor(tx, input.id);
      }),
    ),
} satisfies TRPCRouterRecord;
