// Reading the knowledge base (docs/decisions/0055-knowledge-base.md): the search, an article by its slug,
// and "Was this helpful?". Every query carries readableBy(reader), so what is not the caller's to read is
// "not found" and never a search hit.
import { and, articles, articleVotes, desc, eq, ne, or, type SQL, sql, type Database, type DbExecutor } from "@repo/db";
import {
  type Article,
  type ArticleHit,
  type ArticlePage,
  meaningfulWords,
  type RelatedArticle,
} from "@repo/validators";
import { hashSecret } from "../auth/session.js";
import { NotFoundError } from "../errors.js";
import { anyWordQuery, prefixWordsQuery, queryWords } from "../lib/word-query.js";
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
  input: { q: string; limit: number; match?: "all" | "any" },
): Promise<ArticleHit[]> {
  if (input.match === "any") {
    const words = meaningfulWords(input.q);
    return words.length ? hits(db, reader, anyWordQuery(words), input.limit) : [];
  }
  const words = queryWords(input.q);
  return hits(db, reader, words.length ? prefixWordsQuery(words) : undefined, input.limit);
}

/** The readable articles matching `query` (all of them without one), the most relevant, then the latest, first. */
async function hits(
  db: DbExecutor,
  reader: ArticleReader,
  query: SQL | undefined,
  limit: number,
): Promise<ArticleHit[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      category: articles.category,
      status: articles.status,
      visibility: articles.visibility,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(and(query && sql`${articles.searchVector} @@ ${query}`, readableBy(reader)))
    .orderBy(
      ...(query ? [desc(sql`ts_rank(${articles.searchVector}, ${query})`)] : []),
      desc(articles.updatedAt),
      desc(articles.id),
    )
    .limit(limit);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The article at `slug`, if `reader` may read it, with the articles related to it that `reader` may read. */
export async function readArticle(db: DbExecutor, reader: ArticleReader, slug: string): Promise<ArticlePage> {
  const [row] = await db
    .select(readerColumns)
    .from(articles)
    .where(and(eq(articles.slug, slug), readableBy(reader)));
  if (!row) throw articleNotFound();
  return { ...readerArticle(row), related: await relatedArticles(db, reader, row) };
}

/** How many articles an article's page offers beside it. */
export const RELATED_LIMIT = 3;

/**
 * Up to three other articles `reader` may read (readableBy in the query, as everywhere), the closest first:
 * the most tags shared plus one for the same category, then the title's words (any of its meaningful
 * words, prefix-matched, as the ticket form's offer matches), then the latest changed.
 */
export async function relatedArticles(
  db: DbExecutor,
  reader: ArticleReader,
  article: { id: string; title: string; category: string; tags: string[] },
): Promise<RelatedArticle[]> {
  // A tag is one word of letters and digits (the validators' rule), so the array literal needs no quoting.
  const tags = sql`${`{${article.tags.join(",")}}`}::text[]`;
  // The count of shared tags is a subquery: only on the rows whose tags overlap at all (`&&` is cheap).
  const sharedTags = sql`case when ${articles.tags} && ${tags} then cardinality(array(select unnest(${articles.tags}) intersect select unnest(${tags}))) else 0 end`;
  const shared = sql`(${sharedTags} + (${articles.category} = ${article.category})::int)`;
  // The other titles' words, from the title alone: search_vector holds the whole text, and reading it (and
  // rechecking a title-only query against it) for every article sharing a common title word cost 30 to
  // 100 ms over 5,000 articles (pnpm bench:knowledge); a title's own vector is a few words.
  const words = meaningfulWords(article.title);
  const title = sql`to_tsvector('simple', ${articles.title})`;
  const titleQuery = words.length ? anyWordQuery(words) : undefined;
  const others = and(ne(articles.id, article.id), readableBy(reader));
  // The third best `shared` among the readable others (0 with fewer), computed once (an InitPlan): what
  // scores below it cannot be among the three, so only the few above it and the ties at it have their
  // titles read and ranked; at 0, the title's words decide who is offered at all.
  const third = db
    .select({ shared: sql`${shared}` })
    .from(articles)
    .where(others)
    .orderBy(desc(shared))
    .limit(1)
    .offset(RELATED_LIMIT - 1);
  const cut = sql`coalesce((${third}), 0)`;
  return db
    .select({ slug: articles.slug, title: articles.title, category: articles.category })
    .from(articles)
    .where(and(others, sql`${shared} >= ${cut}`, or(sql`${shared} > 0`, titleQuery && sql`${title} @@ ${titleQuery}`)))
    .orderBy(
      desc(shared),
      ...(titleQuery ? [desc(sql`ts_rank(${title}, ${titleQuery})`)] : []),
      desc(articles.updatedAt),
      desc(articles.id),
    )
    .limit(RELATED_LIMIT);
}

/** Who answers "Was this helpful?": a signed-in person by id, a visitor by a hash of the address. */
export const voterOf = (caller: { userId?: string | null; ip: string }) =>
  caller.userId ? `user:${caller.userId}` : `ip:${hashSecret(caller.ip)}`;

/**
 * Counts one "Was this helpful?" answer, on an article the reader may read: one answer per voter and
 * article (decision 0055). The first answer adds to its count; a changed answer moves one count to the
 * other; the same answer again changes nothing. The vote and the counts change in one transaction.
 */
export async function countFeedback(
  db: Database,
  reader: ArticleReader,
  voter: string,
  input: { slug: string; helpful: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [article] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, input.slug), readableBy(reader)));
    if (!article) throw articleNotFound();
    // No row back: the same answer as before. xmax is 0 on a row this statement inserted.
    const [vote] = await tx
      .insert(articleVotes)
      .values({ articleId: article.id, reader: voter, helpful: input.helpful })
      .onConflictDoUpdate({
        target: [articleVotes.articleId, articleVotes.reader],
        set: { helpful: input.helpful },
        setWhere: sql`${articleVotes.helpful} <> excluded.helpful`,
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (!vote) return;
    type Count = typeof articles.helpfulCount | typeof articles.notHelpfulCount;
    const add = (column: Count) => sql`${column} + 1`;
    const take = (column: Count) => (vote.inserted ? sql`${column}` : sql`${column} - 1`);
    // A side count, not an edit: the row's version and updatedAt stay as the last edit left them.
    await tx
      .update(articles)
      .set({
        version: sql`${articles.version}`,
        updatedAt: sql`${articles.updatedAt}`,
        ...(input.helpful
          ? { helpfulCount: add(articles.helpfulCount), notHelpfulCount: take(articles.notHelpfulCount) }
          : { notHelpfulCount: add(articles.notHelpfulCount), helpfulCount: take(articles.helpfulCount) }),
      })
      .where(eq(articles.id, article.id));
  });
}
