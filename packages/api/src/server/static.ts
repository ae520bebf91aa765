// The built web app: hashed assets with long caching, prerendered marketing pages, and the SPA shell
// as fallback for every other non-API path (the SPA renders its own 404 page).
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { Readable } from "node:stream";
import type { Context as HonoContext } from "hono";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const HASHED_ASSET = /^\/assets\//;

export function fileResponse(path: string, cacheControl: string, status = 200): Response {
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return new Response(stream, {
    status,
    headers: {
      "Content-Type": MIME[extname(path)] ?? "application/octet-stream",
      "Content-Length": String(statSync(path).size),
      "Cache-Control": cacheControl,
    },
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The web app's route patterns ("/tickets/$id"), written by its build as routes.json. A path that matches
 * none is answered with the prerendered 404 page and status 404, so crawlers see no soft 404s.
 */
function loadRoutePatterns(root: string): RegExp[] | null {
  const file = join(root, "routes.json");
  if (!existsSync(file)) return null;
  const paths = JSON.parse(readFileSync(file, "utf8")) as string[];
  return paths.map((p) => {
    const pattern = p
      .split("/")
      .map((segment) => (segment.startsWith("$") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return new RegExp(`^${pattern}/?$`);
  });
}

/**
 * `spaPage`: the SPA's page as it should be served, given the build's (site-pages.ts puts the published
 * site content into it), or null to serve the build's file as it is.
 */
export function staticHandler(webDist: string, spaPage?: (shellHtml: string) => Promise<string | null>) {
  const root = resolve(webDist);
  const shell = [join(root, "spa.html"), join(root, "index.html")].find(existsSync);
  const shellHtml = shell && spaPage ? readFileSync(shell, "utf8") : null;
  const routes = loadRoutePatterns(root);
  const notFoundPage = join(root, "404.html");

  return async (c: HonoContext): Promise<Response> => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text("Bad request", 400);
    }
    const safe = normalize(path).replace(/^(\.\.[/\\])+/, "");
    const candidates = [safe, `${safe}.html`, join(safe, "index.html")].map((p) => join(root, p));
    for (const file of candidates) {
      if (!file.startsWith(root) || !isFile(file)) continue;
      const cache = HASHED_ASSET.test(safe)
        ? "public, max-age=31536000, immutable"
        : file.endsWith(".html")
          ? "no-cache"
          : "public, max-age=3600";
      return fileResponse(file, cache);
    }
    // A missing hashed asset must not be answered with HTML (the browser would run it as a script).
    if (HASHED_ASSET.test(safe) || extname(safe)) return c.text("Not found", 404);
    if (routes && !routes.some((r) => r.test(safe)) && existsSync(notFoundPage)) {
      return fileResponse(notFoundPage, "no-cache", 404);
    }
    if (!shell) return c.text("The web app is not built. Run `pnpm build`.", 404);
    const page = shellHtml && (await spaPage!(shellHtml));
    if (page) return new Response(page, { headers: { "Content-Type": MIME[".html"]!, "Cache-Control": "no-cache" } });
    return fileResponse(shell, "no-cache");
  };
}
