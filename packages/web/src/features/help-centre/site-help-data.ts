// What the website's help centre pages show (docs/features.md §17). The server renders them from the
// database at request time (packages/api/src/server/help-centre-pages.ts) and hands the data in through
// the router's context, so the HTML holds the articles before any JavaScript runs. Only a navigation inside
// the SPA (a signed-in reader following a link) reaches these routes without it: they then ask the REST
// API as a visitor, so every path shows a visitor exactly the public, published articles.
import { articleDisplayMarkdown, type ArticleHit, type ArticlePage } from "@repo/validators";
import { notFound } from "@tanstack/react-router";
import { HttpError, getJson } from "../../lib/public-api";

/** The help centre's front page: every public article, or those matching `q`. */
export interface HelpIndexData {
  kind: "index";
  q: string;
  articles: ArticleHit[];
}

/** One public article. */
export interface HelpArticleData {
  kind: "article";
  article: ArticlePage;
}

export type HelpCentreData = HelpIndexData | HelpArticleData;

/** Where a visitor reads an article. */
export const helpArticlePath = (slug: string) => `/help/${encodeURIComponent(slug)}`;

/** How many articles the front page lists. */
export const HELP_INDEX_LIMIT = 50;

/** A visitor's view even for a signed-in reader (getJson sends no cookie): what the public may read. */
async function publicJson<T>(url: string): Promise<T> {
  try {
    return await getJson<T>(url);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    throw error;
  }
}

export async function helpIndexData(given: HelpCentreData | undefined, q: string): Promise<HelpIndexData> {
  if (given?.kind === "index") return given;
  const params = new URLSearchParams({ q, limit: String(HELP_INDEX_LIMIT) });
  return { kind: "index", q, articles: await publicJson<ArticleHit[]>(`/api/knowledge/articles?${params}`) };
}

export async function helpArticleData(given: HelpCentreData | undefined, slug: string): Promise<HelpArticleData> {
  if (given?.kind === "article" && given.article.slug === slug) return given;
  return {
    kind: "article",
    article: await publicJson<ArticlePage>(`/api/knowledge/articles/${encodeURIComponent(slug)}`),
  };
}

/** The articles grouped by category, categories in alphabetical order, each group's articles as given. */
export function byCategory(articles: ArticleHit[]): [category: string, articles: ArticleHit[]][] {
  const groups = new Map<string, ArticleHit[]>();
  for (const article of articles) groups.set(article.category, [...(groups.get(article.category) ?? []), article]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** An article's first words as plain text, for its meta description (at most about 160 characters). */
export function articleDescription(markdown: string): string {
  const text = articleDisplayMarkdown(markdown)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= 160 ? text : `${text.slice(0, text.lastIndexOf(" ", 157))}...`;
}
