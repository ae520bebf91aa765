// Invitations (docs/features.md, Users): an admin adds a person without knowing their password. The mail
// carries a single-use link valid 7 days; only its SHA-256 is stored, as for the reset links
// (auth/password-reset.ts). Until the person chooses a password from it, the account is "Invited": its
// stored hash is of a random secret nobody holds, and a password sign-in is refused.
import {
  and,
  type Database,
  type DbExecutor,
  eq,
  gt,
  hashPassword,
  invitations,
  isNull,
  isUuid,
  users,
} from "@repo/db";
import { ACCOUNT_MESSAGES, type AccountPortal, INVITATION_TTL_DAYS, type UserInviteInput } from "@repo/validators";
import { recordAccountChange } from "../auth/account-log.js";
import { assertUsablePassword } from "../auth/password-rules.js";
import { generateSessionToken, hashSecret } from "../auth/session.js";
import { findCompanyId } from "../clients/companies.js";
import type { ProtectedContext } from "../context.js";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";
import { enqueueMail } from "../mail/outbox.js";
import { invitationMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { listedUserColumns } from "./directory.js";

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60_000;

type AdminCall = Pick<ProtectedContext, "db" | "user" | "ip">;

const portalOf = (role: string): AccountPortal => (role === "CLIENT" ? "client" : "staff");

/**
 * A new link for a pending person, in the caller's transaction: their earlier links stop working, the mail
 * goes to the outbox and the account log names the admin.
 */
async function sendInvitation(
  tx: DbExecutor,
  call: AdminCall,
  person: { id: string; name: string; email: string; role: string },
  now: Date,
): Promise<void> {
  await tx
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.userId, person.id), isNull(invitations.usedAt)));
  const token = generateSessionToken();
  await tx.insert(invitations).values({
    id: hashSecret(token),
    userId: person.id,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    createdAt: now,
  });
  await enqueueMail(tx, invitationMail(await readIdentity(tx), person, token, portalOf(person.role), call.user.name));
  await recordAccountChange(tx, { userId: person.id, actorId: call.user.id, action: "invited_by_admin", ip: call.ip });
}

/** Creates the account as "Invited" and mails the person their link (ADMIN only, as registering is). */
export async function inviteUser(call: AdminCall, input: UserInviteInput, now = new Date()) {
  const email = input.email.toLowerCase();
  // Nobody knows this secret: the account opens only through the link (or a reset link to the same mailbox).
  const unusableHash = await hashPassword(generateSessionToken());
  return call.db.transaction(async (tx) => {
    const clientId = input.role === "CLIENT" ? await findCompanyId(tx, input.clientId!) : null;
    if (input.role === "CLIENT" && !clientId) throw new InvalidError("Unknown client company");
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email,
        role: input.role,
        clientId,
        passwordHash: unusableHash,
        invitationPending: true,
      })
      .onConflictDoNothing()
      .returning(listedUserColumns);
    if (!user) throw new ConflictError("A user with this email already exists");
    await sendInvitation(tx, call, user, now);
    return user;
  });
}

/** A fresh link for someone still "Invited"; the previous link stops working. */
export async function resendInvitation(call: AdminCall, userId: string, now = new Date()) {
  if (!isUuid(userId)) throw NotFoundError.of("User");
  return call.db.transaction(async (tx) => {
    const [user] = await tx.select(listedUserColumns).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw NotFoundError.of("User");
    if (!user.invitationPending) throw new ConflictError("This person has already accepted their invitation");
    if (!user.active) throw new InvalidError("This account is deactivated; reactivate it first");
    await sendInvitation(tx, call, user, now);
    return user;
  });
}

/** The person chooses their password from the link; answers which portal to sign in to. */
export async function acceptInvitation(
  ctx: { db: Database; ip?: string | null },
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ portal: AccountPortal }> {
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(eq(invitations.id, hashSecret(input.token)), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
      )
      .returning({ userId: invitations.userId });
    const [user] = link
      ? await tx
          .select({ id: users.id, role: users.role, email: users.email, active: users.active })
          .from(users)
          .where(and(eq(users.id, link.userId), eq(users.invitationPending, true)))
      : [];
    if (!user?.active) throw new InvalidError(ACCOUNT_MESSAGES.invitationInvalid);
    // The same rules as every other new password (docs/architecture.md §6a); a refusal spends nothing.
    assertUsablePassword(input.password, user);
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), invitationPending: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await recordAccountChange(tx, { userId: user.id, actorId: user.id, action: "invitation_accepted", ip: ctx.ip });
    return { portal: portalOf(user.role) };
  });
}

/** Drops links past their 7 days, used or not (the housekeeping timer). */
export const deleteExpiredInvitations = (db: Database, now = new Date()) =>
  deleteExpiredRows(db, invitations, invitations.expiresAt, now);
