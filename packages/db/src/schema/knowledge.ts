// The knowledge base (docs/decisions/0055-knowledge-base.md): articles staff write, the companies a
// company-scoped article is for, and every saved state of an article.
import { type SQL, sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { articleStatusEnum, articleVisibilityEnum } from "./enums.js";
import { clients } from "./clients.js";
import { users } from "./users.js";

/** PostgreSQL's full-text document type, as tickets.ts declares it; the app never reads it back. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const articles = pgTable(
  "articles",
  {
    id: id(),
    title: requiredText(),
    /** The article's address in the help centre; unique, so a link keeps working across revisions. */
    slug: requiredText(),
    category: requiredText(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Markdown. */
    body: requiredText(),
    visibility: articleVisibilityEnum().notNull(),
    status: articleStatusEnum().notNull().default("draft"),
    /** When it was first published; kept through an unpublish, so "published" dates stay honest. */
    publishedAt: timestamptz(),
    /** Staff confirm the text still holds; the reminder after a setting's months reads this. */
    lastReviewedAt: timestamptz().notNull().defaultNow(),
    /**
     * When the review reminder of the current period was mailed; a reminder is due again only once a
     * review (lastReviewedAt) comes after it. Set by one conditional UPDATE, so one mail across instances.
     */
    reviewRemindedAt: timestamptz(),
    helpfulCount: integer().notNull().default(0),
    notHelpfulCount: integer().notNull().default(0),
    /**
     * The words the search matches, built as the tickets' search_vector is ('simple', title weighing most,
     * then category and tags, then the text), so the same tsquery finds both. Tags are stored lower-case
     * and go in whole (array_to_string is not immutable, so a generated column cannot use it).
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple'::regconfig, ${articles.title}), 'A') || setweight(to_tsvector('simple'::regconfig, ${articles.category}) || array_to_tsvector(${articles.tags}), 'B') || setweight(to_tsvector('simple'::regconfig, ${articles.body}), 'C')`,
      ),
    authorId: refersTo(users.id),
    ...timestamps(),
    version: version("articles"),
  },
  (t) => [
    uniqueIndex().on(t.slug),
    index("articles_search_vector").using("gin", t.searchVector),
    index().on(t.status, t.visibility),
  ],
);

/** The companies a `companies` article is for; no row for any other visibility. */
export const articleCompanies = pgTable(
  "article_companies",
  {
    articleId: belongsTo(articles.id),
    clientId: belongsTo(clients.id),
  },
  // The visibility check asks "is this article for this company", hence (client, article) too.
  (t) => [primaryKey({ columns: [t.articleId, t.clientId] }), index().on(t.clientId, t.articleId)],
);

/** Each saved state of an article, numbered from 1: the title and text as they were, who, and when. */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: id(),
    articleId: belongsTo(articles.id),
    number: integer().notNull(),
    title: requiredText(),
    body: requiredText(),
    authorId: refersTo(users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.articleId, t.number)],
);

/**
 * An article opened from a new ticket's form (deflection, docs/features.md §17): one row per form and
 * article, where `formId` is the random id the form drew when it opened. The form's ticket being sent
 * stamps `sentAt` on its rows; a form with opened articles and no sent ticket is one the articles answered.
 */
export const articleDeflections = pgTable(
  "article_deflections",
  {
    id: id(),
    formId: text().notNull(),
    articleId: belongsTo(articles.id),
    /** Where the form was: the client portal or the website's public form. */
    source: text({ enum: ["portal", "website"] }).notNull(),
    openedAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [uniqueIndex().on(t.formId, t.articleId), index().on(t.openedAt)],
);

/**
 * "Was this helpful?" answers, one per reader and article (a signed-in person by id, a visitor by a hash
 * of the address), so one person cannot move the counts; answering again changes the answer. The
 * article's counts are kept in step in the same statement's transaction, for the reads.
 */
export const articleVotes = pgTable(
  "article_votes",
  {
    articleId: belongsTo(articles.id),
    /** `user:<id>` or `ip:<sha-256 of the address>`. */
    reader: text().notNull(),
    helpful: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.reader] })],
);

/**
 * An image in an article's text (issue 41, "images as attachments"): uploaded by an editor into the file
 * store under `fileKey`, linked from the Markdown as /api/knowledge/images/<id>, and read under the
 * article's visibility (packages/api/src/knowledge/images.ts), never the tickets' rules. Deleting the
 * article deletes its rows.
 */
export const articleImages = pgTable(
  "article_images",
  {
    id: id(),
    articleId: belongsTo(articles.id),
    fileKey: requiredText(),
    filename: requiredText(),
    /** The type found in the content (png, jpeg, gif or webp), served as Content-Type. */
    contentType: requiredText(),
    size: integer().notNull(),
    uploadedBy: refersTo(users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.articleId)],
);
