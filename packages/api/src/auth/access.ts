// Who may do what, by role. The procedure kinds in trpc.ts apply these rules, and so do the few plain
// Hono routes (the chat stream, the CSV export), so each rule and its message exist once.
import { eq, or, type PgColumn } from "@repo/db";
import { ForbiddenError, UnauthorizedError } from "../errors.js";
import type { SessionUser } from "./session.js";

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthorizedError();
  return user;
}

export function requireStaff(user: SessionUser, message = "Staff access only"): void {
  if (user.role === "CLIENT") throw new ForbiddenError(message);
}

/** A VIEWER reads staff data (reporting, integrations) and never writes. */
export function requireWriter(user: SessionUser): void {
  if (user.role === "VIEWER") throw new ForbiddenError("Viewers have read-only access");
}

export function requireAdmin(user: SessionUser, message = "Administrators only"): void {
  if (user.role !== "ADMIN") throw new ForbiddenError(message);
}

/**
 * What staff see of the items they may keep private or share with the team (canned replies, saved views):
 * their own and the shared ones. Inside every query, so someone else's private item is "not found", never
 * "forbidden", and its id reveals nothing. Who may change which item is each item's own rule.
 */
export const ownOrShared = (item: { shared: PgColumn; owner: PgColumn }, userId: string) =>
  or(eq(item.shared, true), eq(item.owner, userId));
