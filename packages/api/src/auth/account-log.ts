// The account log (docs/architecture.md §6a): each change to how a person signs in (password, second
// factor, passkeys), recorded in the change's own transaction with who made it and from where. Unlike
// the sign-in log, a failure to record fails the change: an admin's reset must never go unaudited.
import { type AccountEventAction, ACCOUNT_EVENT_ACTIONS } from "@repo/validators";
import { accountEvents, alias, columnsOf, type DbExecutor, desc, eq, users } from "@repo/db";

export interface AccountChange {
  /** Whose account changed. */
  userId: string;
  /** Who changed it; the person themself unless an admin did. */
  actorId: string;
  action: AccountEventAction;
  ip?: string | null;
}

export async function recordAccountChange(db: DbExecutor, change: AccountChange): Promise<void> {
  await db.insert(accountEvents).values({
    userId: change.userId,
    actorId: change.actorId,
    action: change.action,
    ipAddress: change.ip ?? null,
  });
}

const actors = alias(users, "actor");
const KNOWN = new Set<string>(ACCOUNT_EVENT_ACTIONS);

/** A person's last 100 account changes, newest first, with the name of whoever made each. */
export async function accountChangesOf(db: DbExecutor, userId: string) {
  const rows = await db
    .select({ ...columnsOf(accountEvents, ["id", "action", "ipAddress", "createdAt"]), actorName: actors.name })
    .from(accountEvents)
    .leftJoin(actors, eq(actors.id, accountEvents.actorId))
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(100);
  return rows
    .filter((row) => KNOWN.has(row.action))
    .map((row) => ({
      id: row.id,
      action: row.action as AccountEventAction,
      actorName: row.actorName,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
    }));
}
