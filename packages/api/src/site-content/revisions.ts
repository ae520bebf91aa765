// Drafts, publishing and revisions of the site's content (docs/features.md §20). One draft row is the
// working copy staff edit (an AGENT saves it, an ADMIN publishes it); publishing turns the draft into the
// published row and the published one into an earlier revision, in one transaction, so two admins
// publishing at once leave exactly one published document. A revision is restored into the draft, to be
// previewed and published like any edit.
import type { SiteContent } from "@repo/content";
import {
  alias,
  and,
  auditLogs,
  type Database,
  type DbExecutor,
  desc,
  eq,
  inArray,
  isUuid,
  siteContentRevisions,
  users,
} from "@repo/db";
import type { StaffScope } from "../auth/scope.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.js";
import { contentOf, DEFAULT_CONTENT } from "./document.js";
import { forgetPublished } from "./published.js";

export const SITE_CONTENT_AUDIT = { published: "site_content.published", restored: "site_content.restored" } as const;
/** The revisions the history lists. */
const HISTORY_LIMIT = 50;

const DRAFT_CHANGED = "The draft was changed by someone else since you opened it. Reload it and save again.";

export interface SiteDraft {
  content: SiteContent;
  version: number;
  updatedAt: string;
  authorName: string | null;
}

export interface SiteRevision {
  id: string;
  publishedAt: string;
  publishedByName: string | null;
  current: boolean;
}

export interface SiteContentState {
  /** What the site shows: the published document, or the defaults before any publish. */
  published: SiteContent;
  publishedAt: string | null;
  draft: SiteDraft | null;
}

const author = alias(users, "author");

async function publishedRow(db: DbExecutor) {
  const [row] = await db
    .select({ content: siteContentRevisions.content, publishedAt: siteContentRevisions.publishedAt })
    .from(siteContentRevisions)
    .where(eq(siteContentRevisions.state, "published"));
  return row;
}

export async function siteContentState(db: Database): Promise<SiteContentState> {
  const [published, [draft]] = await Promise.all([
    publishedRow(db),
    db
      .select({
        content: siteContentRevisions.content,
        version: siteContentRevisions.version,
        updatedAt: siteContentRevisions.updatedAt,
        authorName: author.name,
      })
      .from(siteContentRevisions)
      .leftJoin(author, eq(author.id, siteContentRevisions.authorId))
      .where(eq(siteContentRevisions.state, "draft")),
  ]);
  return {
    published: published ? contentOf(published.content) : DEFAULT_CONTENT,
    publishedAt: published?.publishedAt?.toISOString() ?? null,
    draft: draft
      ? {
          content: contentOf(draft.content),
          version: draft.version,
          updatedAt: draft.updatedAt.toISOString(),
          authorName: draft.authorName,
        }
      : null,
  };
}

/**
 * Saves the draft. `baseVersion` is the draft's version the editor loaded (null: there was none), so an
 * edit made over someone else's newer save is refused rather than silently undoing it.
 */
export async function saveDraft(
  db: Database,
  scope: StaffScope,
  content: SiteContent,
  baseVersion: number | null,
): Promise<SiteDraft> {
  const [row] =
    baseVersion === null
      ? await db
          .insert(siteContentRevisions)
          .values({ state: "draft", content, authorId: scope.userId })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(siteContentRevisions)
          .set({ content, authorId: scope.userId })
          .where(and(eq(siteContentRevisions.state, "draft"), eq(siteContentRevisions.version, baseVersion)))
          .returning();
  if (!row) throw new ConflictError(DRAFT_CHANGED);
  return { content, version: row.version, updatedAt: row.updatedAt.toISOString(), authorName: await nameOf(db, scope) };
}

export async function discardDraft(db: Database): Promise<void> {
  await db.delete(siteContentRevisions).where(eq(siteContentRevisions.state, "draft"));
}

/** Publishes the draft at `version` (the one the admin previewed); the published one becomes history. */
export async function publishDraft(db: Database, scope: StaffScope, version: number): Promise<void> {
  if (scope.role !== "ADMIN") throw new ForbiddenError("Only an admin can publish the site's content");
  await db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: siteContentRevisions.id, version: siteContentRevisions.version })
      .from(siteContentRevisions)
      .where(eq(siteContentRevisions.state, "draft"))
      .for("update");
    if (!draft) throw new ConflictError("There is no draft to publish: it was published or discarded meanwhile.");
    if (draft.version !== version) throw new ConflictError(DRAFT_CHANGED);
    await makePublished(tx, draft.id, scope.userId);
    await audit(tx, scope, SITE_CONTENT_AUDIT.published, draft.id);
  });
  forgetPublished();
}

/**
 * Publishes a document without a draft: the first run's provider name, within its transaction. The
 * caller's transaction makes it one change with the rest of what it writes; a caller in a transaction
 * forgets again once it commits (a read in between would believe the old revision for a while).
 */
export async function publishContent(tx: DbExecutor, content: SiteContent, userId: string | null): Promise<void> {
  const [row] = await tx
    .insert(siteContentRevisions)
    .values({ state: "earlier", content, authorId: userId })
    .returning({ id: siteContentRevisions.id });
  await makePublished(tx, row!.id, userId);
  forgetPublished();
}

/** The row becomes the published one, and the one published until now an earlier revision. */
async function makePublished(tx: DbExecutor, id: string, userId: string | null) {
  await tx.update(siteContentRevisions).set({ state: "earlier" }).where(eq(siteContentRevisions.state, "published"));
  await tx
    .update(siteContentRevisions)
    .set({ state: "published", publishedAt: new Date(), publishedBy: userId })
    .where(eq(siteContentRevisions.id, id));
}

export async function listRevisions(db: Database): Promise<SiteRevision[]> {
  const publisher = alias(users, "publisher");
  const rows = await db
    .select({
      id: siteContentRevisions.id,
      state: siteContentRevisions.state,
      publishedAt: siteContentRevisions.publishedAt,
      publishedByName: publisher.name,
    })
    .from(siteContentRevisions)
    .leftJoin(publisher, eq(publisher.id, siteContentRevisions.publishedBy))
    .where(inArray(siteContentRevisions.state, ["published", "earlier"]))
    .orderBy(desc(siteContentRevisions.publishedAt))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    publishedAt: r.publishedAt!.toISOString(),
    publishedByName: r.publishedByName,
    current: r.state === "published",
  }));
}

export async function readRevision(db: Database, id: string): Promise<SiteContent> {
  if (!isUuid(id)) throw new NotFoundError("Revision not found");
  const [row] = await db
    .select({ content: siteContentRevisions.content })
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.id, id), inArray(siteContentRevisions.state, ["published", "earlier"])));
  if (!row) throw new NotFoundError("Revision not found");
  return contentOf(row.content);
}

/** Puts a revision's document into the draft (made or replaced), to be previewed and published. */
export async function restoreRevision(db: Database, scope: StaffScope, id: string): Promise<SiteDraft> {
  const content = await readRevision(db, id);
  return db.transaction(async (tx) => {
    await tx.delete(siteContentRevisions).where(eq(siteContentRevisions.state, "draft"));
    const [row] = await tx
      .insert(siteContentRevisions)
      .values({ state: "draft", content, authorId: scope.userId })
      .returning();
    await audit(tx, scope, SITE_CONTENT_AUDIT.restored, id);
    return {
      content,
      version: row!.version,
      updatedAt: row!.updatedAt.toISOString(),
      authorName: await nameOf(tx, scope),
    };
  });
}

async function audit(tx: DbExecutor, scope: StaffScope, action: string, revisionId: string) {
  await tx.insert(auditLogs).values({
    ticketId: null,
    actorId: scope.userId,
    actorName: await nameOf(tx, scope),
    action,
    changes: { revisionId: { from: null, to: revisionId } },
  });
}

async function nameOf(db: DbExecutor, scope: StaffScope): Promise<string | null> {
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, scope.userId));
  return me?.name ?? null;
}
