// The mail to an account's owner when a way to sign in was added to it (docs/architecture.md §6a),
// written in the transaction that adds it, through the outbox like every mail.
import { type DbExecutor, eq, users } from "@repo/db";
import { enqueueMail } from "../mail/outbox.js";
import { type AddedFactor, factorAddedMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";

/** Where a request came from, kept with what it added and named in the mail. */
export interface AddedFromOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

/** The columns a new passkey or app keeps of where it was added from. */
export const addedFromColumns = (origin: AddedFromOrigin) => ({
  addedIp: origin.ip ?? null,
  addedUserAgent: origin.userAgent?.slice(0, 300) ?? null,
});

export async function mailFactorAdded(
  tx: DbExecutor,
  userId: string,
  factor: AddedFactor,
  origin: AddedFromOrigin,
): Promise<void> {
  const [owner] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (owner)
    await enqueueMail(tx, factorAddedMail(await readIdentity(tx), owner, factor, { ...origin, at: new Date() }));
}
