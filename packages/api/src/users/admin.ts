// An ADMIN's changes to the people who use the product (docs/architecture.md, "Settled open points": the
// staff Users screen): creating an account, its role, company and active state, a new password, a removed
// second factor, and the logs an admin reads per person.
import { type DbExecutor, eq, hashPassword, isUuid, passkeys, users } from "@repo/db";
import type { AccountEventAction, RegisterInput, UserPasswordReset, UserUpdateInput } from "@repo/validators";
import { accountChangesOf, recordAccountChange } from "../auth/account-log.js";
import { announceSessionsEnded, invalidateUserSessions } from "../auth/session.js";
import { forgetUserOf } from "../auth/session-cache.js";
import { signInsOf } from "../auth/sign-in-log.js";
import { removeSecondFactor } from "../auth/totp.js";
import { findCompanyId } from "../clients/companies.js";
import type { ProtectedContext } from "../context.js";
import { ConflictError, InvalidError, NotFoundError, StaleVersionError } from "../errors.js";
import { listedUserColumns } from "./directory.js";

/** The admin making the change, and what the change needs of the request. */
type AdminCall = Pick<ProtectedContext, "db" | "bus" | "user" | "ip">;

/** An id that cannot be anyone's is "not found", as an unknown one is, and the database is never asked. */
function assertUserId(id: string): void {
  if (!isUuid(id)) throw NotFoundError.of("User");
}

/** ADMIN only: open self-registration would let anyone create a staff account. */
export async function registerUser(db: DbExecutor, input: RegisterInput) {
  const email = input.email.toLowerCase();
  const clientId = input.role === "CLIENT" ? input.clientId! : null;
  if (clientId && !(await findCompanyId(db, clientId))) throw new InvalidError("Unknown client company");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new ConflictError("A user with this email already exists");
  const [user] = await db
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
}

/**
 * Change name, role (with the company for a CLIENT) or active. A role change or deactivation ends the
 * user's sessions, so no token keeps powers it no longer has. An admin cannot lock themselves out.
 */
export async function updateUser(call: AdminCall, id: string, input: UserUpdateInput) {
  assertUserId(id);
  const self = id === call.user.id;
  if (self && (input.active === false || (input.role && input.role !== "ADMIN"))) {
    throw new InvalidError("You cannot deactivate or demote your own account");
  }
  const { user, sessionsEnded } = await call.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw NotFoundError.of("User");
    // Checked under the row lock (docs/architecture.md §8a).
    if (input.version !== undefined && input.version !== before.version) throw new StaleVersionError("user");
    const role = input.role ?? before.role;
    let clientId = role === "CLIENT" ? (input.clientId ?? before.clientId) : null;
    if (role === "CLIENT") {
      const company = clientId ? await findCompanyId(tx, clientId) : undefined;
      if (!company) throw new InvalidError("A client user needs a company");
      clientId = company;
    }
    const [user] = await tx
      .update(users)
      .set({ name: input.name ?? before.name, role, clientId, active: input.active ?? before.active })
      .where(eq(users.id, id))
      .returning(listedUserColumns);
    const powersChanged =
      role !== before.role || clientId !== before.clientId || (before.active && user!.active === false);
    if (powersChanged) await invalidateUserSessions(tx, id);
    return { user: user!, sessionsEnded: powersChanged };
  });
  if (sessionsEnded) await announceSessionsEnded(call.bus, { userId: id });
  else forgetUserOf(call.bus, id); // a new name shows at once here, within seconds elsewhere
  return user;
}

/**
 * An admin's change to how a person signs in (a new password, a removed second factor): made with every
 * session of theirs ended and recorded in the account log with the admin's name, in one transaction
 * (docs/architecture.md §6a); open tabs are then told their sessions ended.
 */
async function changeSignInAsAdmin(
  call: AdminCall,
  userId: string,
  action: AccountEventAction,
  change: (tx: DbExecutor) => Promise<void>,
) {
  await call.db.transaction(async (tx) => {
    await change(tx);
    await invalidateUserSessions(tx, userId);
    await recordAccountChange(tx, { userId, actorId: call.user.id, action, ip: call.ip });
  });
  await announceSessionsEnded(call.bus, { userId });
  return { success: true as const };
}

/**
 * A new password for someone who lost theirs, or whose account was taken. With `removeFactors` (the
 * default) their passkeys and authenticator app go too, in the same transaction: whoever took the
 * account may have added their own, and a passkey signs in without the password. Answers what it removed.
 */
export async function setPasswordAsAdmin(
  call: AdminCall,
  userId: string,
  input: { password: string; removeFactors?: boolean },
): Promise<UserPasswordReset> {
  assertUserId(userId);
  const passwordHash = await hashPassword(input.password);
  const removed = { passkeys: 0, authenticatorApp: false };
  await changeSignInAsAdmin(call, userId, "password_set_by_admin", async (tx) => {
    // A password the admin sets also ends a pending invitation: the person now has one (docs/features.md).
    const [user] = await tx
      .update(users)
      .set({ passwordHash, invitationPending: false })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user) throw NotFoundError.of("User");
    if (input.removeFactors === false) return;
    const gone = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    removed.passkeys = gone.length;
    removed.authenticatorApp = await removeSecondFactor(tx, userId);
    if (removed.passkeys > 0 || removed.authenticatorApp) {
      await recordAccountChange(tx, { userId, actorId: call.user.id, action: "factors_removed_by_admin", ip: call.ip });
    }
  });
  return { success: true, removed };
}

/**
 * For a person who lost their phone and their recovery codes: their second factor is removed and every
 * session of theirs ends; they sign in with the password alone and may enrol again.
 */
export function resetSecondFactorAsAdmin(call: AdminCall, userId: string) {
  assertUserId(userId);
  return changeSignInAsAdmin(call, userId, "second_factor_reset_by_admin", async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw NotFoundError.of("User");
    await removeSecondFactor(tx, userId);
  });
}

/** The person's last 100 sign-in attempts, newest first: how, from where, and how each ended. */
export async function userSignIns(db: DbExecutor, userId: string) {
  assertUserId(userId);
  return { events: await signInsOf(db, userId) };
}

/** The person's last 100 account changes (password, second factor, passkeys), newest first, and by whom. */
export async function userAccountChanges(db: DbExecutor, userId: string) {
  assertUserId(userId);
  return { events: await accountChangesOf(db, userId) };
}
