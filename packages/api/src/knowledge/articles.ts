// Reading the knowledge base (docs/decisions/0055-knowledge-base.md): the search, an article by its slug,
// and "Was this helpful?". Every query carries readableBy(reader), so what is not the caller's to read is
// "not found" and never a search hit.
import { and, articles, desc, eq, sql, type DbExecutor } from "@repo/db";
import type { Article, ArticleHit } from "@repo/validators";
import { NotFoundError } from "../errors.js";
import { prefixWordsQuery, queryWords } from "../lib/word-query.js";
import { readableBy, type ArticleReader } from "./readers.js";

export const articleNotFound = () => NotFoundError.of("Article");

/** What a reader is answered with; the companies, the author and the counts are staff's (editing.ts). */
export const readerColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  category: articles.category,
  tags: articles.tags,
  body: articles.body,
  visibility: articles.visibility,
  status: articles.status,
  publishedAt: articles.publishedAt,
  lastReviewedAt: articles.lastReviewedAt,
  updatedAt: articles.updatedAt,
};

/** A row of readerColumns; `_.data` drops nullability, so the one nullable column is put back. */
type ReaderRow = Omit<{ [K in keyof typeof readerColumns]: (typeof readerColumns)[K]["_"]["data"] }, "publishedAt"> & {
  publishedAt: Date | null;
};

export const readerArticle = (r: ReaderRow): Article => ({
  ...r,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  lastReviewedAt: r.lastReviewedAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The articles `reader` may read that hold every word of `q` (the last completed as typed), the most
 * relevant first: the title weighs most, then the category and tags, then the text. Without words, the
 * latest changed first.
 */
export async function searchArticles(
  db: DbExecutor,
  reader: ArticleReader,
  input: { q: string; limit: number },
): Promise<ArticleHit[]> {
  const words = queryWords(input.q);
  const hit = {
    id: articles.id,
    title: articles.title,
    slug: articles.slug,
    category: articles.category,
    status: articles.status,
    visibility: articles.visibility,
    updatedAt: articles.updatedAt,
  };
  const query = words.length ? prefixWordsQuery(words) : undefined;
  const rows = await db
    .select(hit)
    .from(articles)
    .where(and(query && sql`${articles.searchVector} @@ ${query}`, readableBy(reader)))
    .orderBy(
      ...(query ? [desc(sql`ts_rank(${articles.searchVector}, ${query})`)] : []),
      desc(articles.updatedAt),
      desc(articles.id),
    )
    .limit(input.limit);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The article at `slug`, if `reader` may read it. */
export async function readArticle(db: DbExecutor, reader: ArticleReader, slug: string): Promise<Article> {
  const [row] = await db
    .select(readerColumns)
    .from(articles)
    .where(and(eq(articles.slug, slug), readableBy(reader)));
  if (!row) throw articleNotFound();
  return readerArticle(row);
}

/** Counts one "Was this helpful?" answer, on an article the reader may read. */
export async function countFeedback(
  db: DbExecutor,
  reader: ArticleReader,
  input: { slug: string; helpful: boolean },
): Promise<void> {
  // A side count, not an edit: the row's version and updatedAt stay as the last edit left them.
  const unchanged = { version: sql`${articles.version}`, updatedAt: sql`${articles.updatedAt}` };
  const count = input.helpful
    ? { helpfulCount: sql`${articles.helpfulCount} + 1` }
    : { notHelpfulCount: sql`${articles.notHelpfulCount} + 1` };
  const counted = await db
    .update(articles)
    .set({ ...unchanged, ...count })
    .where(and(eq(articles.slug, input.slug), readableBy(reader)))
    .returning({ id: articles.id });
  if (counted.length === 0) throw articleNotFound();
}
