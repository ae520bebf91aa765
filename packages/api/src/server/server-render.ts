// Pages the API renders at request time with the web app's own server entry (decision 0056): the help
// centre's (help-centre-pages.ts) and the marketing pages once the provider has published content of its
// own (site-pages.ts). The build leaves the entry and each page kind's shell (its HTML with critical CSS and
// island chunks, less the page's own head tags and markup) in dist-ssr/.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteContent } from "@repo/content";
import type { Context as HonoContext } from "hono";
import { log } from "../logger.js";
import type { AppEnv } from "./http.js";

export interface RenderedPage {
  html: string;
  head: string;
  status: number;
  islandModules: string[];
}

interface ServerEntry {
  render(url: string, options: { helpCentre?: unknown; siteContent?: SiteContent }): Promise<RenderedPage>;
  canonicalUrl(path: string): string;
}

export interface Shell {
  html: string;
  islandModules: string[];
}

export const hashOf = (data: unknown) =>
  createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 27);

/** The build's server entry and shells, for the web build at `webDist`. */
export function serverRenderer(webDist: string) {
  const ssrDir = resolve(webDist, "..", "dist-ssr");
  // Loaded on the first render: most instances start without rendering anything.
  let entry: Promise<ServerEntry> | undefined;
  const serverEntry = () =>
    (entry ??= import(pathToFileURL(join(ssrDir, "entry-server.js")).href) as Promise<ServerEntry>);

  return {
    serverEntry,
    /** A shells file of the build; null for a build without it (an older one, or tests without a build). */
    shells<T>(file: string): T | null {
      const path = join(ssrDir, file);
      return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : null;
    },
    /** Renders `url` into `shell`. */
    async renderInto(shell: Shell, url: string, options: Parameters<ServerEntry["render"]>[1]): Promise<string> {
      const { render } = await serverEntry();
      const rendered = await render(url, options);
      const missing = rendered.islandModules.filter((m) => !shell.islandModules.includes(m));
      if (missing.length) log.warn({ url, missing }, "a rendered page holds islands its shell does not load");
      // Replacer functions: a page's text may hold "$&", which a replacement string would expand.
      return shell.html.replace("<!--app-head-->", () => rendered.head).replace("<!--app-html-->", () => rendered.html);
    },
  };
}
export type ServerRenderer = ReturnType<typeof serverRenderer>;

/**
 * A rendered page's answer: `key` names what it shows (a hash of its data), so it is its ETag and an
 * unchanged page answers 304; `page` renders it when it has to.
 */
export async function htmlAnswer(c: HonoContext<AppEnv>, key: string, page: () => Promise<string>): Promise<Response> {
  const etag = `"${hashOf(key)}"`;
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", ETag: etag };
  // Compression may have weakened the tag it sent (W/"..."); either form names this page.
  const asked = c.req.header("if-none-match")?.replace(/^W\//, "");
  if (asked === etag) return new Response(null, { status: 304, headers });
  return new Response(await page(), { headers });
}

/** A few hundred rendered pages kept by key, the oldest dropped first. */
export function pageCache(size: number) {
  const pages = new Map<string, string>();
  return {
    async get(key: string, make: () => Promise<string>, keep = true): Promise<string> {
      const cached = pages.get(key);
      if (cached) return cached;
      const html = await make();
      if (!keep) return html;
      if (pages.size >= size) pages.delete(pages.keys().next().value!);
      pages.set(key, html);
      return html;
    },
  };
}
