// The people who use the product, as the staff Users screen and the Assign To select list them.
import { and, columnsOf, containsPattern, count, type DbExecutor, eq, ilike, isUuid, or, users } from "@repo/db";
import { NotFoundError } from "../errors.js";
import { roleSchema, rowVersion } from "@repo/validators";
import { z } from "zod";
import { assertCursor, keyset, pageOf } from "../lib/keyset.js";

export const listedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  /** Added with an invitation not yet accepted: the Users screen shows "Invited". */
  invitationPending: z.boolean(),
  clientId: z.string().nullable(),
  version: rowVersion(),
});

/** The columns `listedUserSchema` describes, for select(...) and returning(...). */
export const listedUserColumns = columnsOf(users, listedUserSchema.keyof().options);

/** One person as the Users screen lists them; not found when there is no such person. */
export async function getListedUser(db: DbExecutor, id: string) {
  const [user] = isUuid(id) ? await db.select(listedUserColumns).from(users).where(eq(users.id, id)) : [];
  if (!user) throw NotFoundError.of("User");
  return user;
}

/** By name, then email, then id (keyset pages neither lose nor repeat a person; docs/performance.md §4). */
const USER_ORDER = keyset(users, [
  { of: (t) => t.name, direction: "asc" },
  { of: (t) => t.email, direction: "asc" },
  { of: (t) => t.id, direction: "asc" },
]);

const nameOrEmailContains = (q: string | undefined) =>
  q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;

/** The users in order, searched, from after `cursor`; `limit` of them (and whether more follow) or all. */
export async function listUsers(db: DbExecutor, query: { q?: string; cursor?: string; limit?: number }) {
  if (query.cursor !== undefined) await assertCursor(db, users, query.cursor, undefined, "users");
  const rows = db
    .select(listedUserColumns)
    .from(users)
    .where(and(nameOrEmailContains(query.q), query.cursor === undefined ? undefined : USER_ORDER.after(query.cursor)))
    .orderBy(...USER_ORDER.orderBy);
  const found = await (query.limit === undefined ? rows : rows.limit(query.limit + 1));
  return pageOf(found, query.limit ?? found.length, (user) => user.id);
}

/** A page of the users whose name or email contains `q`, with how many match in all. */
export async function userPage(db: DbExecutor, query: { q?: string; cursor?: string; limit: number }) {
  const [{ rows, nextCursor }, [counted]] = await Promise.all([
    listUsers(db, query),
    db.select({ n: count() }).from(users).where(nameOrEmailContains(query.q)),
  ]);
  return { users: rows, nextCursor, matching: counted?.n ?? 0 };
}
