// Saved views of the staff ticket list (docs/architecture.md §18): a person's own views and those shared
// with the staff. Only the owner renames or (un)shares a view; the owner deletes it, and an ADMIN may
// delete a shared one too (a shared view nobody wants any more should not outlive its owner's absence).
// Another person's private view is "not found", never "forbidden", so an id reveals nothing.
import { and, asc, count, eq, isUuid, savedViews, users, type DbExecutor } from "@repo/db";
import {
  SAVED_VIEWS_PER_USER,
  type SavedView,
  type SavedViewCreateInput,
  type SavedViewFilters,
  type SavedViewUpdateInput,
} from "@repo/validators";
import { ConflictError, ForbiddenError, NotFoundError, StaleVersionError } from "../errors.js";
import { ownOrShared } from "../auth/access.js";
import type { SessionUser } from "../auth/session.js";

const notFound = () => NotFoundError.of("Saved view");
const sharing = { shared: savedViews.shared, owner: savedViews.ownerId };

/** The views a person sees: theirs and the shared ones, by name. */
export async function listSavedViews(db: DbExecutor, user: SessionUser): Promise<SavedView[]> {
  const rows = await db
    .select({ view: savedViews, owner: { id: users.id, name: users.name } })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(ownOrShared(sharing, user.id))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map((r) => toSavedView(r.view, r.owner, user));
}

function toSavedView(
  view: typeof savedViews.$inferSelect,
  owner: { id: string; name: string },
  user: SessionUser,
): SavedView {
  return {
    id: view.id,
    name: view.name,
    shared: view.shared,
    filters: view.filters,
    owner,
    mine: view.ownerId === user.id,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    version: view.version,
  };
}

/** Only what filters: an empty search or "all" is no filter, so two equal views store equal filters. */
function cleanFilters(filters: SavedViewFilters): SavedViewFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== "" && value !== "all"),
  ) as SavedViewFilters;
}

export async function createSavedView(
  db: DbExecutor,
  user: SessionUser,
  input: SavedViewCreateInput,
): Promise<SavedView> {
  return db.transaction(async (tx) => {
    // Counted under the owner's row lock, so two creations at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [owned] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.ownerId, user.id));
    if ((owned?.n ?? 0) >= SAVED_VIEWS_PER_USER) {
      throw new ConflictError(`You can keep at most ${SAVED_VIEWS_PER_USER} saved views. Delete one first.`);
    }
    const [row] = await tx
      .insert(savedViews)
      .values({ ownerId: user.id, name: input.name, shared: input.shared, filters: cleanFilters(input.filters) })
      .returning();
    return toSavedView(row!, { id: user.id, name: user.name }, user);
  });
}

/** The view as the caller may see it, or "not found". */
async function visibleView(db: DbExecutor, user: SessionUser, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ view: savedViews, owner: { id: users.id, name: users.name } })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.id, id), ownOrShared(sharing, user.id)));
  if (!row) throw notFound();
  return row;
}

/** One view as the caller may see it. */
export async function getSavedView(db: DbExecutor, user: SessionUser, id: string): Promise<SavedView> {
  const { view, owner } = await visibleView(db, user, id);
  return toSavedView(view, owner, user);
}

export async function updateSavedView(
  db: DbExecutor,
  user: SessionUser,
  id: string,
  patch: Omit<SavedViewUpdateInput, "id">,
): Promise<SavedView> {
  const { view, owner } = await visibleView(db, user, id);
  if (view.ownerId !== user.id) throw new ForbiddenError("Only the owner can change a saved view");
  const [row] = await db
    .update(savedViews)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.shared !== undefined ? { shared: patch.shared } : {}),
    })
    // The version is checked by the statement that writes (docs/architecture.md §8a).
    .where(
      and(
        eq(savedViews.id, id),
        eq(savedViews.ownerId, user.id),
        patch.version === undefined ? undefined : eq(savedViews.version, patch.version),
      ),
    )
    .returning();
  if (!row) throw patch.version === undefined ? notFound() : new StaleVersionError("view");
  return toSavedView(row, owner, user);
}

export async function deleteSavedView(db: DbExecutor, user: SessionUser, id: string): Promise<void> {
  const { view } = await visibleView(db, user, id);
  const mayDelete = view.ownerId === user.id || (view.shared && user.role === "ADMIN");
  if (!mayDelete) throw new ForbiddenError("Only the owner or an administrator can delete a shared view");
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
