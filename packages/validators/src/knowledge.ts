// The knowledge base (docs/decisions/0055-knowledge-base.md): who may read an article, its states, the
// staff's form and the article as the API answers it. The sets live here once, for the schema, the API
// and the screens.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { required } from "./fields.js";
import { isoTimestamp, quantity } from "./wire.js";

/**
 * Who reads a published article: everyone (the website), every signed-in client, the clients of the
 * companies it names, or staff only. Staff read every article in every state.
 */
export const ARTICLE_VISIBILITIES = ["public", "clients", "companies", "internal"] as const;
export type ArticleVisibility = (typeof ARTICLE_VISIBILITIES)[number];

/** A draft is read by staff only, whatever its visibility. */
export const ARTICLE_STATUSES = ["draft", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** Lower-case words joined by hyphens: the article's address in the help centre. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * One word of letters and digits, lower-cased: the search stores a tag whole, as the word a query's word
 * must equal (the full-text configuration would split "vpn-setup" in two; a tag cannot be split there).
 */
const tag = required("A tag cannot be empty", 40)
  .regex(/^[\p{L}\p{N}]+$/u, "A tag is one word of letters and digits")
  .transform((t) => t.toLowerCase());

const articleFields = z.object({
  title: required("Title is required", MAX_LENGTHS.title),
  slug: required("Slug is required", 120).regex(SLUG, "Slug must be lower-case words joined by hyphens"),
  category: required("Category is required", 80),
  tags: z.array(tag).max(20, "At most 20 tags").default([]),
  body: required("Article text is required", 100_000),
  visibility: z.enum(ARTICLE_VISIBILITIES, "Visibility must be public, clients, companies or internal"),
  companyIds: z.array(z.uuid("Unknown company")).max(200, "At most 200 companies").default([]),
});

/** A company-scoped article names at least one company; any other names none. */
const companiesMatchVisibility = (a: z.infer<typeof articleFields>, ctx: z.RefinementCtx) => {
  if (a.visibility === "companies" && a.companyIds.length === 0)
    ctx.addIssue({ code: "custom", path: ["companyIds"], message: "Choose at least one company" });
  if (a.visibility !== "companies" && a.companyIds.length > 0)
    ctx.addIssue({ code: "custom", path: ["companyIds"], message: "Only a companies article names companies" });
};

/** The fields staff write. */
export const articleFieldsSchema = articleFields.superRefine(companiesMatchVisibility);
export type ArticleFields = z.infer<typeof articleFieldsSchema>;

/** PUT /api/knowledge/editor/articles/{id}: the whole article again; saving it records a revision. */
export const articleUpdateInputSchema = articleFields.extend({ id: z.string() }).superRefine(companiesMatchVisibility);

/** "Was this helpful?": one answer from a reader. */
export const articleFeedbackInputSchema = z.object({ slug: z.string(), helpful: z.boolean() });

/** A search of the articles the caller may read; an empty query lists them, newest first. */
export const articleSearchInputSchema = z.object({
  q: z.string().trim().max(200, "Search at most 200 characters").default(""),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /**
   * Staff only (ignored for anyone else): answer what that company's clients read, not what staff read,
   * as the reply box does before an article goes into a reply to that company.
   */
  forCompany: z.uuid("Unknown company").optional(),
  /**
   * `all` (the default): articles holding every word, the last completed as typed. `any`: articles sharing
   * any of the query's meaningful words, best first: what a ticket's title is offered (deflection).
   */
  match: z.enum(["all", "any"], "Match must be all or any").default("all"),
});

/** An article as readers see it (no companies, no counts). */
export const articleSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  body: z.string(),
  visibility: z.enum(ARTICLE_VISIBILITIES),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: isoTimestamp().nullable(),
  lastReviewedAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
});
export type Article = z.infer<typeof articleSchema>;

/** An article offered beside another: enough to link it. */
export const relatedArticleSchema = articleSchema.pick({ slug: true, title: true, category: true });
export type RelatedArticle = z.infer<typeof relatedArticleSchema>;

/**
 * An article as its page reads it: the article, and up to three others the same reader may read that
 * share its tags, its category or its title's words (the most shared first).
 */
export const articlePageSchema = articleSchema.extend({ related: z.array(relatedArticleSchema) });
export type ArticlePage = z.infer<typeof articlePageSchema>;

/** An article as staff see it: who it is for, and what readers thought of it. */
export const staffArticleSchema = articleSchema.extend({
  companyIds: z.array(z.string()),
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
});
export type StaffArticle = z.infer<typeof staffArticleSchema>;

/** A search hit: enough to list and link it; its state and visibility, for staff's list (the same search). */
export const articleHitSchema = articleSchema.pick({
  id: true,
  title: true,
  slug: true,
  category: true,
  status: true,
  visibility: true,
  updatedAt: true,
});
export type ArticleHit = z.infer<typeof articleHitSchema>;

/** One saved state of an article: the title and text as they were, who saved them and when. */
export const articleRevisionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: isoTimestamp(),
});
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;

/**
 * The knowledge base's settings: after how many months without a review a published article's author
 * is reminded to check it (0: never).
 */
export const knowledgeSettingsSchema = z.object({
  reviewMonths: z
    .number("Months must be a whole number")
    .int("Months must be a whole number")
    .min(0, "Months cannot be negative")
    .max(60, "At most 60 months"),
});
export type KnowledgeSettings = z.infer<typeof knowledgeSettingsSchema>;
export const KNOWLEDGE_SETTINGS_DEFAULTS: KnowledgeSettings = { reviewMonths: 12 };

/** Where a new ticket's form offered articles: the client portal, or the website's public form. */
export const DEFLECTION_SOURCES = ["portal", "website"] as const;

/**
 * An article opened from a new ticket's form, or that form's ticket sent. `formId` is the random id the
 * form draws when it opens, so the two can be told apart from another form's.
 */
export const deflectionOpenInputSchema = z.object({
  formId: z.uuid("The form id must be a UUID"),
  slug: z.string().min(1, "Slug is required").max(120),
  source: z.enum(DEFLECTION_SOURCES, "Source must be portal or website"),
});
export const deflectionSentInputSchema = z.object({ formId: z.uuid("The form id must be a UUID") });

/** The reports' self-service figures: forms where articles were opened, and how many sent a ticket anyway. */
export const deflectionReportSchema = z.object({
  /** New-ticket forms in the range where at least one offered article was opened. */
  formsWithArticles: quantity(),
  /** Of those, the ones whose ticket was sent all the same. */
  ticketsSent: quantity(),
  /** The others: no ticket sent after an article was opened. */
  ticketsNotSent: quantity(),
  articles: z.array(z.object({ slug: z.string(), title: z.string(), opened: quantity(), ticketsNotSent: quantity() })),
});
export type DeflectionReport = z.infer<typeof deflectionReportSchema>;

/**
 * Images in an article's text (issue 41): uploaded by an editor to POST
 * /api/knowledge/editor/articles/{id}/images and linked as ![name](/api/knowledge/images/<id>). Only
 * pictures a browser shows, found by their content, and small enough for a help page.
 */
export const ARTICLE_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ["image/png", "image/jpeg", "image/gif", "image/webp"],
} as const;

export const ARTICLE_IMAGE_REFUSALS = {
  type: "Only PNG, JPEG, GIF or WebP images can be added to an article",
  size: "An image is at most 5 MB",
};

/** Where an article's image is served: the only image source the article pages show. */
export const articleImagePath = (id: string): string => `/api/knowledge/images/${id}`;

/** An article image's address as Markdown links it; anything else is not an image of ours. */
export const ARTICLE_IMAGE_PATH =
  /^\/api\/knowledge\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An article's Markdown in the constructs the portal's renderer and the chat show (paragraphs, lists,
 * quotes, bold, links): headings become bold lines and images go. With `images`, the article's own images
 * (ARTICLE_IMAGE_PATH) stay, for the pages that show them (the portal's article, the editor's preview);
 * the assistant's answers leave them out. One rule for all of them, so each shows an article alike.
 */
export const articleDisplayMarkdown = (markdown: string, { images = false }: { images?: boolean } = {}): string =>
  markdown
    .replace(/\r\n/g, "\n")
    .replace(/!\[[^\]]*\]\(([^)]*)\)/g, (image, src: string) =>
      images && ARTICLE_IMAGE_PATH.test(src.trim()) ? image : "",
    )
    .replace(/^#{1,6}\s+(.+?)\s*#*$/gm, "**$1**");

/**
 * A title's words, lower-case and joined by hyphens, at most 80 characters: the slug an article starts
 * with (the editor suggests it, a draft from a ticket takes it).
 */
export function slugFrom(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const slug = (words ?? []).join("-").slice(0, 80).replace(/-+$/, "");
  return slug || "article";
}
