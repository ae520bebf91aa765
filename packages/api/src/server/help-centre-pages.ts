// The website's help centre (docs/features.md §17): /help and /help/<slug>, rendered at request time from
// the public, published articles with the web app's own server entry (packages/web/src/entry-server.tsx,
// the one the build prerenders the marketing pages with) into shells the build made
// (dist-ssr/help-centre-shells.json: a page's HTML with its critical CSS and island chunks, less the page's
// own head tags and markup). So a visitor gets the article in the HTML, in the marketing pages' budgets,
// and an edit shows the moment it is published, on every instance: each request reads the article, and a
// page is rendered again only when what it shows changed (a hash of it is the cache key and the ETag).
// Also /sitemap.xml: the build's, with the help centre's public pages added.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context as HonoContext, Hono } from "hono";
import type { Database } from "@repo/db";
import { readArticle, searchArticles } from "../knowledge/articles.js";
import { visitor } from "../knowledge/readers.js";
import { log } from "../logger.js";
import type { AppEnv } from "./http.js";
import { fileResponse } from "./static.js";

/** What the web app's help centre routes read from the router's context (site-help-data.ts there). */
type HelpCentreData =
  | { kind: "index"; q: string; articles: Awaited<ReturnType<typeof searchArticles>> }
  | { kind: "article"; article: Awaited<ReturnType<typeof readArticle>> };

interface ServerEntry {
  render(
    url: string,
    options: { helpCentre: HelpCentreData },
  ): Promise<{ html: string; head: string; status: number; islandModules: string[] }>;
  canonicalUrl(path: string): string;
}

interface Shell {
  html: string;
  islandModules: string[];
}

/** The front page's list, as many as the REST search gives a visitor (articleSearchInputSchema). */
const INDEX_LIMIT = 50;
/** Rendered pages kept; a page is a few tens of kilobytes. */
const CACHE_SIZE = 300;
/** The most articles the sitemap lists (a sitemap holds at most 50,000 addresses). */
const SITEMAP_LIMIT = 10_000;

const hashOf = (data: unknown) => createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 27);

export function mountHelpCentre(app: Hono<AppEnv>, db: Database, webDist: string) {
  const ssrDir = resolve(webDist, "..", "dist-ssr");
  const shellsFile = join(ssrDir, "help-centre-shells.json");
  // A build without them (an older one, or tests without a build): the SPA's own routes answer /help.
  if (!existsSync(shellsFile)) return;
  const shells = JSON.parse(readFileSync(shellsFile, "utf8")) as Record<HelpCentreData["kind"], Shell>;
  // Loaded on the first visit: most instances start without anyone reading the help centre.
  let entry: Promise<ServerEntry> | undefined;
  const serverEntry = () =>
    (entry ??= import(pathToFileURL(join(ssrDir, "entry-server.js")).href) as Promise<ServerEntry>);
  const pages = new Map<string, string>();

  async function page(url: string, data: HelpCentreData, key: string, keep: boolean): Promise<string> {
    const cached = pages.get(key);
    if (cached) return cached;
    const { render } = await serverEntry();
    const shell = shells[data.kind];
    const rendered = await render(url, { helpCentre: data });
    const missing = rendered.islandModules.filter((m) => !shell.islandModules.includes(m));
    if (missing.length) log.warn({ url, missing }, "a help centre page holds islands its shell does not load");
    // Replacer functions: an article's text may hold "$&", which a replacement string would expand.
    const html = shell.html
      .replace("<!--app-head-->", () => rendered.head)
      .replace("<!--app-html-->", () => rendered.html);
    if (!keep) return html;
    if (pages.size >= CACHE_SIZE) pages.delete(pages.keys().next().value!);
    pages.set(key, html);
    return html;
  }

  /** `keep`: whether the page goes into the cache (a search's answers would only push the articles out). */
  async function answer(c: HonoContext<AppEnv>, url: string, data: HelpCentreData, keep = true): Promise<Response> {
    const key = `${url}#${hashOf(data)}`;
    const etag = `"${hashOf(key)}"`;
    const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", ETag: etag };
    // Compression may have weakened the tag it sent (W/"..."); either form names this page.
    const asked = c.req.header("if-none-match")?.replace(/^W\//, "");
    if (asked === etag) return new Response(null, { status: 304, headers });
    return new Response(await page(url, data, key, keep), { headers });
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
      const { canonicalUrl } = await serverEntry();
      const articles = await searchArticles(db, visitor, { q: "", limit: SITEMAP_LIMIT });
      const newest = articles[0]?.updatedAt.slice(0, 10);
      const urls = [
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
