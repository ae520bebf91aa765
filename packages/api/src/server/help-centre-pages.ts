// The website's help centre (docs/features.md §17): /help and /help/<slug>, rendered at request time from
// the public, published articles with the web app's own server entry (packages/web/src/entry-server.tsx,
// the one the build prerenders the marketing pages with) into shells the build made
// (dist-ssr/help-centre-shells.json: a page's HTML with its critical CSS and island chunks, less the page's
// own head tags and markup). So a visitor gets the article in the HTML, in the marketing pages' budgets,
// and an edit shows the moment it is published, on every instance: each request reads the article, and a
// page is rendered again only when what it shows changed (a hash of it is the cache key and the ETag).
// Also /sitemap.xml: the build's, with the help centre's public pages and the provider's published added
// pages (site-pages.ts) added.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context as HonoContext, Hono } from "hono";
import type { Database } from "@repo/db";
import { addedPagePath } from "@repo/content";
import { readArticle, searchArticles } from "../knowledge/articles.js";
import { visitor } from "../knowledge/readers.js";
import { readPublished } from "../site-content/published.js";
import type { AppEnv } from "./http.js";
import { hashOf, htmlAnswer, pageCache, type ServerRenderer, type Shell } from "./server-render.js";
import { fileResponse } from "./static.js";

/** What the web app's help centre routes read from the router's context (site-help-data.ts there). */
type HelpCentreData =
  | { kind: "index"; q: string; articles: Awaited<ReturnType<typeof searchArticles>> }
  | { kind: "article"; article: Awaited<ReturnType<typeof readArticle>> };

/** The front page's list, as many as the REST search gives a visitor (articleSearchInputSchema). */
const INDEX_LIMIT = 50;
/** Rendered pages kept; a page is a few tens of kilobytes. */
const CACHE_SIZE = 300;
/** The most articles the sitemap lists (a sitemap holds at most 50,000 addresses). */
const SITEMAP_LIMIT = 10_000;

export function mountHelpCentre(app: Hono<AppEnv>, db: Database, webDist: string, renderer: ServerRenderer) {
  const shells = renderer.shells<Record<HelpCentreData["kind"], Shell>>("help-centre-shells.json");
  // A build without them: the SPA's own routes answer /help.
  if (!shells) return;
  const pages = pageCache(CACHE_SIZE);

  /** `keep`: whether the page goes into the cache (a search's answers would only push the articles out). */
  async function answer(c: HonoContext<AppEnv>, url: string, data: HelpCentreData, keep = true): Promise<Response> {
    // The header and footer show the provider's published identity: its revision is part of the key.
    const { revisionId, content } = await readPublished(db);
    const key = `${url}#${hashOf(data)}#${revisionId}`;
    const siteContent = revisionId ? content : undefined;
    return htmlAnswer(c, key, () =>
      pages.get(key, () => renderer.renderInto(shells![data.kind], url, { helpCentre: data, siteContent }), keep),
    );
  }

  app.get("/help", async (c) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    const articles = await searchArticles(db, visitor, { q, limit: INDEX_LIMIT });
    return answer(c, q ? `/help?${new URLSearchParams({ q })}` : "/help", { kind: "index", q, articles }, !q);
  });

  app.get("/help/", (c) => c.redirect("/help", 301));
  app.get("/help/:slug", async (c) => {
    const slug = c.req.param("slug");
    const article = await readArticle(db, visitor, slug).catch(() => null);
    if (!article) return fileResponse(join(webDist, "404.html"), "no-cache", 404);
    return answer(c, `/help/${encodeURIComponent(slug)}`, { kind: "article", article });
  });

  const builtSitemap = join(webDist, "sitemap.xml");
  if (existsSync(builtSitemap)) {
    const sitemap = readFileSync(builtSitemap, "utf8");
    app.get("/sitemap.xml", async (c) => {
      const { canonicalUrl } = await renderer.serverEntry();
      const articles = await searchArticles(db, visitor, { q: "", limit: SITEMAP_LIMIT });
      const newest = articles[0]?.updatedAt.slice(0, 10);
      // A draft's pages are nowhere public: only the published document's.
      const { content } = await readPublished(db);
      const urls = [
        ...content.addedPages.map((p) => `  <url><loc>${xmlText(canonicalUrl(addedPagePath(p.slug)))}</loc></url>`),
        `  <url><loc>${canonicalUrl("/help")}</loc>${newest ? `<lastmod>${newest}</lastmod>` : ""}</url>`,
        ...articles.map(
          (a) =>
            `  <url><loc>${xmlText(canonicalUrl(`/help/${encodeURIComponent(a.slug)}`))}</loc><lastmod>${a.updatedAt.slice(0, 10)}</lastmod></url>`,
        ),
      ];
      return c.body(
        sitemap.replace("</urlset>", () => `${urls.join("\n")}\n</urlset>`),
        200,
        {
          "Content-Type": "application/xml; charset=utf-8",
          "Cache-Control": "no-cache",
        },
      );
    });
  }
}

const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
