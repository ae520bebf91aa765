// Writing the knowledge base (docs/decisions/0055-knowledge-base.md): staff create and change articles,
// each save recorded as a numbered revision (who, when, the title and text as saved), publish and
// unpublish them, and restore an earlier revision as a new one. Who may call these is the procedure's
// rule (staffProcedure: ADMIN and AGENT write, a VIEWER reads).
import {
  and,
  articleCompanies,
  articleRevisions,
  articles,
  asc,
  desc,
  eq,
  isUuid,
  sql,
  users,
  type DbExecutor,
} from "@repo/db";
import type { ArticleFields, ArticleRevision, StaffArticle } from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { assertCompaniesExist } from "../clients/companies.js";
import { conflictOnUnique, NotFoundError } from "../errors.js";
import { articleNotFound, readerArticle, readerColumns } from "./articles.js";

/** An article with what only staff see: the companies it is for and what readers thought of it. */
export async function staffArticle(db: DbExecutor, id: string): Promise<StaffArticle> {
  const [row] = isUuid(id)
    ? await db
        .select({
          ...readerColumns,
          helpfulCount: articles.helpfulCount,
          notHelpfulCount: articles.notHelpfulCount,
        })
        .from(articles)
        .where(eq(articles.id, id))
    : [];
  if (!row) throw articleNotFound();
  const companies = await db
    .select({ id: articleCompanies.clientId })
    .from(articleCompanies)
    .where(eq(articleCompanies.articleId, id))
    .orderBy(asc(articleCompanies.clientId));
  const { helpfulCount, notHelpfulCount, ...reader } = row;
  return { ...readerArticle(reader), companyIds: companies.map((c) => c.id), helpfulCount, notHelpfulCount };
}

/** The slug is the article's address: a second article at it is a conflict, not a database error. */
const SLUG_TAKEN = "Another article already has this slug";

/** Records the article's title and text as now saved, as its next revision. */
async function recordRevision(
  tx: DbExecutor,
  author: StaffScope,
  articleId: string,
  saved: { title: string; body: string },
): Promise<void> {
  const [last] = await tx
    .select({ number: articleRevisions.number })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.number))
    .limit(1);
  await tx.insert(articleRevisions).values({
    articleId,
    number: (last?.number ?? 0) + 1,
    title: saved.title,
    body: saved.body,
    authorId: author.userId,
  });
}

async function setCompanies(tx: DbExecutor, articleId: string, companyIds: readonly string[]): Promise<void> {
  await tx.delete(articleCompanies).where(eq(articleCompanies.articleId, articleId));
  const unique = [...new Set(companyIds)];
  if (unique.length) await tx.insert(articleCompanies).values(unique.map((clientId) => ({ articleId, clientId })));
}

/** A new draft, with its first revision. */
export async function createArticle(db: DbExecutor, author: StaffScope, fields: ArticleFields): Promise<StaffArticle> {
  await assertCompaniesExist(db, fields.companyIds);
  const id = await conflictOnUnique(SLUG_TAKEN, () =>
    db.transaction(async (tx) => {
      const { companyIds, ...article } = fields;
      const [row] = await tx
        .insert(articles)
        .values({ ...article, authorId: author.userId })
        .returning({ id: articles.id });
      await setCompanies(tx, row!.id, companyIds);
      await recordRevision(tx, author, row!.id, fields);
      return row!.id;
    }),
  );
  return staffArticle(db, id);
}

/**
 * Saves the whole article again and records the title and text as its next revision. Its state (draft
 * or published) stays: a published article's change is read at once, as a reader expects of a fix.
 */
export async function updateArticle(
  db: DbExecutor,
  author: StaffScope,
  id: string,
  fields: ArticleFields,
): Promise<StaffArticle> {
  await assertCompaniesExist(db, fields.companyIds);
  await conflictOnUnique(SLUG_TAKEN, () =>
    db.transaction(async (tx) => {
      const { companyIds, ...article } = fields;
      const changed = isUuid(id)
        ? await tx.update(articles).set(article).where(eq(articles.id, id)).returning({ id: articles.id })
        : [];
      if (changed.length === 0) throw articleNotFound();
      await setCompanies(tx, id, companyIds);
      await recordRevision(tx, author, id, fields);
    }),
  );
  return staffArticle(db, id);
}

/**
 * Publishes or unpublishes. `publishedAt` is the first publication and stays through an unpublish, so a
 * re-published article keeps its date.
 */
export async function setPublished(db: DbExecutor, id: string, published: boolean): Promise<StaffArticle> {
  const changed = isUuid(id)
    ? await db
        .update(articles)
        .set(
          published
            ? { status: "published", publishedAt: sql`coalesce(${articles.publishedAt}, now())` }
            : { status: "draft" },
        )
        .where(eq(articles.id, id))
        .returning({ id: articles.id })
    : [];
  if (changed.length === 0) throw articleNotFound();
  return staffArticle(db, id);
}

/** Staff confirm the article still holds: the review reminder counts from today. */
export async function markReviewed(db: DbExecutor, id: string): Promise<StaffArticle> {
  const changed = isUuid(id)
    ? await db
        .update(articles)
        .set({ lastReviewedAt: sql`now()` })
        .where(eq(articles.id, id))
        .returning({ id: articles.id })
    : [];
  if (changed.length === 0) throw articleNotFound();
  return staffArticle(db, id);
}

/** An article's revisions, the latest first, with who saved each. */
export async function listRevisions(db: DbExecutor, id: string): Promise<ArticleRevision[]> {
  await staffArticle(db, id);
  const rows = await db
    .select({
      id: articleRevisions.id,
      number: articleRevisions.number,
      title: articleRevisions.title,
      body: articleRevisions.body,
      authorName: users.name,
      createdAt: articleRevisions.createdAt,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.authorId))
    .where(eq(articleRevisions.articleId, id))
    .orderBy(desc(articleRevisions.number));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Puts revision `number`'s title and text back, recorded as a new revision (by whoever restored it), so
 * the history only grows and a restore can itself be undone.
 */
export async function restoreRevision(
  db: DbExecutor,
  author: StaffScope,
  id: string,
  number: number,
): Promise<StaffArticle> {
  const [revision] = isUuid(id)
    ? await db
        .select({ title: articleRevisions.title, body: articleRevisions.body })
        .from(articleRevisions)
        .where(and(eq(articleRevisions.articleId, id), eq(articleRevisions.number, number)))
    : [];
  if (!revision) throw NotFoundError.of("Revision");
  await db.transaction(async (tx) => {
    await tx.update(articles).set(revision).where(eq(articles.id, id));
    await recordRevision(tx, author, id, revision);
  });
  return staffArticle(db, id);
}
