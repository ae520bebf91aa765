// Users (docs/architecture.md, "Settled open points": the staff Users screen). Staff read the list (the Assign To
// select needs it); only an ADMIN changes roles, deactivates, reactivates or resets passwords. Creating
// a user is POST /api/register (routers/auth.ts). The work is in users/.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  ACCOUNT_EVENT_ACTIONS,
  isoTimestamp,
  userPasswordResetInputSchema,
  userPasswordResetSchema,
  userListQuerySchema,
  userPageQuerySchema,
  userUpdateInputSchema,
  userInviteInputSchema,
  listSchema,
  pageSchema,
  quantity,
  successSchema,
} from "@repo/validators";
import { signInEventSchema } from "../auth/sign-in-log.js";
import {
  resetSecondFactorAsAdmin,
  setPasswordAsAdmin,
  updateUser,
  userAccountChanges,
  userSignIns,
} from "../users/admin.js";
import { inviteUser, resendInvitation } from "../users/invitations.js";
import { getListedUser, listedUserSchema, listUsers, userPage } from "../users/directory.js";
import { expectedVersion, versionedWrite } from "./versions.js";
import { adminProcedure, staffProcedure, rest } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["users"];

/** An admin's look at, or change to, the one person the path's `{id}` names. */
const adminOnUserProcedure = adminProcedure.input(idInput);

export const usersRouter = {
  /** Every user, or with `cursor` and `limit` the users after the cursor: `{ users }` either way. */
  list: staffProcedure
    .meta(rest("GET", "/users", tags, "Every user"))
    .input(userListQuerySchema)
    .output(listSchema("users", listedUserSchema))
    .query(async ({ ctx, input }) => ({ users: (await listUsers(ctx.db, { ...input })).rows })),

  page: staffProcedure
    .meta(rest("GET", "/users/page", tags, "A page of the users whose name or email contains q"))
    .input(userPageQuerySchema)
    .output(pageSchema("users", listedUserSchema).extend({ matching: quantity() }))
    .query(({ ctx, input }) => userPage(ctx.db, input)),

  /**
   * Change name, role (with the company for a CLIENT) or active. A role change or deactivation ends the
   * user's sessions, so no token keeps powers it no longer has. An admin cannot lock themselves out.
   */
  update: adminProcedure
    .meta(rest("PATCH", "/users/{id}", tags, "Change a user's role, name or active state (admin)"))
    .input(userUpdateInputSchema.extend({ id: z.string() }))
    .output(listedUserSchema)
    .mutation(({ ctx, input: { id, version, ...change } }) =>
      versionedWrite(
        () => updateUser(ctx, id, { ...change, version: expectedVersion(ctx.headers, version) }),
        () => getListedUser(ctx.db, id),
      ),
    ),

  /**
   * Beyond the spec: add a person without typing their password. They get a mail with a link (single use,
   * 7 days) to choose it, and show as "Invited" until they do.
   */
  invite: adminProcedure
    .meta(rest("POST", "/users/invitations", tags, "Invite a new user by mail (admin)"))
    .input(userInviteInputSchema)
    .output(listedUserSchema)
    .mutation(({ ctx, input }) => inviteUser(ctx, input)),

  /** A new invitation mail for someone still "Invited"; the earlier link stops working. */
  resendInvitation: adminOnUserProcedure
    .meta(rest("POST", "/users/{id}/invitation", tags, "Send a person's invitation again (admin)"))
    .output(listedUserSchema)
    .mutation(({ ctx, input }) => resendInvitation(ctx, input.id)),

  resetPassword: adminProcedure
    .meta(rest("POST", "/users/{id}/password", tags, "Set a new password (admin)"))
    .input(userPasswordResetInputSchema.extend({ id: z.string() }))
    .output(userPasswordResetSchema)
    .mutation(({ ctx, input: { id, ...reset } }) => setPasswordAsAdmin(ctx, id, reset)),

  /** The person's last 100 sign-in attempts, newest first: how, from where, and how each ended. */
  signIns: adminOnUserProcedure
    .meta(rest("GET", "/users/{id}/sign-ins", tags, "A person's sign-in log (admin)"))
    .output(listSchema("events", signInEventSchema))
    .query(({ ctx, input }) => userSignIns(ctx.db, input.id)),

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
    .query(({ ctx, input }) => userAccountChanges(ctx.db, input.id)),

  /**
   * For a person who lost their phone and their recovery codes: their second factor is removed and every
   * session of theirs ends; they sign in with the password alone and may enrol again.
   */
  resetSecondFactor: adminOnUserProcedure
    .meta(rest("POST", "/users/{id}/second-factor/reset", tags, "Remove a person's second factor (admin)"))
    .output(successSchema)
    .mutation(({ ctx, input }) => resetSecondFactorAsAdmin(ctx, input.id)),
} satisfies TRPCRouterRecord;
