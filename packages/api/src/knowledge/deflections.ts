// Deflection (docs/features.md §17): while a client or a visitor writes a new ticket, matching articles
// are offered; opening one is recorded against the form's random id, and sending the form's ticket marks
// that form's rows. The reports count the forms where an article was opened and no ticket followed.
import {
  and,
  articleDeflections,
  articles,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNull,
  lt,
  sql,
  type DbExecutor,
} from "@repo/db";
import type { DeflectionReport, ReportRangeQuery } from "@repo/validators";
import { hit, PUBLIC_LIMITS, retryAfterSeconds } from "../auth/rate-limit.js";
import { TooManyRequestsError } from "../errors.js";
import { reportDays } from "../reports/queries.js";
import { articleNotFound } from "./articles.js";
import { readableBy, type ArticleReader } from "./readers.js";

/** A script posting opens and sends would skew the reports: both calls count against one window per address. */
async function limit(db: DbExecutor, ip: string): Promise<void> {
  const state = await hit(db, `deflection:${ip}`, PUBLIC_LIMITS.deflection);
  if (state.count > PUBLIC_LIMITS.deflection.max)
    throw new TooManyRequestsError("Too many requests. Please wait a moment and try again.", retryAfterSeconds(state));
}

/** Records that the form `formId` opened the article at `slug`, once, if `reader` may read it. */
export async function recordOpened(
  db: DbExecutor,
  reader: ArticleReader,
  ip: string,
  input: { formId: string; slug: string; source: "portal" | "website" },
): Promise<void> {
  await limit(db, ip);
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.slug, input.slug), readableBy(reader)));
  if (!article) throw articleNotFound();
  await db
    .insert(articleDeflections)
    .values({ formId: input.formId, articleId: article.id, source: input.source })
    .onConflictDoNothing();
}

/** The form `formId` sent its ticket: its opened articles did not answer it. Repeating it changes nothing. */
export async function recordSent(db: DbExecutor, ip: string, formId: string): Promise<void> {
  await limit(db, ip);
  await db
    .update(articleDeflections)
    .set({ sentAt: sql`now()` })
    .where(and(eq(articleDeflections.formId, formId), isNull(articleDeflections.sentAt)));
}

/** The forms of the range's days (Toronto) that opened an article, and whether their ticket was sent. */
export async function deflectionReport(db: DbExecutor, range: ReportRangeQuery, now: Date): Promise<DeflectionReport> {
  const { start, end } = reportDays(range, now);
  const inRange = and(gte(articleDeflections.openedAt, start), lt(articleDeflections.openedAt, end));
  const [[forms], perArticle] = await Promise.all([
    db
      .select({
        opened: countDistinct(articleDeflections.formId),
        sent: sql<number>`count(distinct ${articleDeflections.formId}) filter (where ${articleDeflections.sentAt} is not null)`.mapWith(
          Number,
        ),
      })
      .from(articleDeflections)
      .where(inRange),
    db
      .select({
        slug: articles.slug,
        title: articles.title,
        opened: count(),
        ticketsNotSent: sql<number>`count(*) filter (where ${articleDeflections.sentAt} is null)`.mapWith(Number),
      })
      .from(articleDeflections)
      .innerJoin(articles, eq(articles.id, articleDeflections.articleId))
      .where(inRange)
      .groupBy(articles.id, articles.slug, articles.title)
      .orderBy(desc(count()), articles.title)
      .limit(20),
  ]);
  const formsWithArticles = forms?.opened ?? 0;
  const ticketsSent = forms?.sent ?? 0;
  return { formsWithArticles, ticketsSent, ticketsNotSent: formsWithArticles - ticketsSent, articles: perArticle };
}
