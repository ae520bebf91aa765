// Build step 4 of 4 (after the SPA build, the marketing build and the SSR build of src/entry-server.tsx):
// writes every marketing route as static HTML into dist/, so a visitor and a crawler get the page's content
// before any JavaScript runs; in the browser, entry-site.tsx then hydrates only the page's islands.
// Also writes sitemap.xml, robots.txt, 404.html (the not-found page) and routes.json (the app's route
// patterns, for a server that answers unknown paths with 404).
//
// Templates: dist/site.html (the marketing entry) for the prerendered pages, dist/index.html (the SPA) for
// the shell, kept as dist/spa.html: the server answers every other path with it.
// Layout: "/" -> dist/index.html, "/about" -> dist/about/index.html (the server tries "<path>/index.html").
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const ssrEntry = join(root, "dist-ssr", "entry-server.js");

async function readTemplate(name) {
  const html = await readFile(join(dist, name), "utf8");
  if (!html.includes("<!--app-head-->") || !html.includes("<!--app-html-->")) {
    throw new Error(`dist/${name} has no <!--app-head--> / <!--app-html--> placeholders: is it already prerendered?`);
  }
  return html;
}
const spaTemplate = await readTemplate("index.html");
const siteTemplate = await readTemplate("site.html");

const { render, appRoutePaths, MARKETING_PATHS, SITE_STYLED_COMPONENTS, canonicalUrl } = await import(
  pathToFileURL(ssrEntry).href
);
// The marketing build's manifests (vite.site.config.ts). site-manifest.json: every chunk with the chunks and
// CSS it imports. site-ssr-manifest.json: the chunks each source module ended up in (a module sharing a
// chunk with others has no key of its own in the first).
const manifest = JSON.parse(await readFile(join(dist, ".vite", "site-manifest.json"), "utf8"));
const moduleFiles = JSON.parse(await readFile(join(dist, ".vite", "site-ssr-manifest.json"), "utf8"));
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

/**
 * The <head> tags that the page's islands need beyond the template's: a modulepreload for each chunk
 * they and the entry load (so hydration does not wait for a chain of round trips; the marketing build
 * leaves preloading to this script) and a stylesheet for their own CSS.
 */
function islandHeadTags(islandModules) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (chunk) => {
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  for (const key of manifest["site.html"].imports ?? []) visit(manifest[key]);
  for (const module of islandModules) {
    const files = moduleFiles[`src/${module}`];
    if (!files) throw new Error(`src/${module} is in no chunk of the build: is it an island module (*.island.tsx)?`);
    for (const file of files) {
      if (file.endsWith(".css")) styles.add(file.slice(1));
      else visit(chunkByFile.get(file.slice(1)));
    }
  }
  const missing = (file) => !siteTemplate.includes(`/${file}"`);
  return [
    ...[...styles].filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join("\n    ");
}

/** Fails the build when a page shows a Mantine component whose styles the marketing pages do not load. */
function checkStyled(path, html) {
  for (const [, name] of html.matchAll(/\bmantine-([A-Z][A-Za-z]*)-/g)) {
    if (!SITE_STYLED_COMPONENTS.includes(name)) {
      throw new Error(
        `${path} shows Mantine's ${name}, whose styles the marketing pages do not load: add them to src/app/site-styles.ts`,
      );
    }
  }
}

/** A page in the marketing template; the template's default title gives way to the page's own. */
function sitePage(path, page, extraHead = "") {
  checkStyled(path, page.html);
  return siteTemplate
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(
      "<!--app-head-->",
      [extraHead, page.head, islandHeadTags(page.islandModules)].filter(Boolean).join("\n    "),
    )
    .replace("<!--app-html-->", page.html);
}

// The SPA fallback: no content, no route-specific head (the app sets the title once it knows the route).
await writeFile(join(dist, "spa.html"), spaTemplate.replace("<!--app-head-->", "").replace("<!--app-html-->", ""));
await rm(join(dist, "site.html"));

for (const path of MARKETING_PATHS) {
  const page = await render(path);
  if (page.status !== 200) throw new Error(`Prerender of ${path} answered ${page.status}`);
  if (!page.head.includes("<title>")) throw new Error(`Prerender of ${path} produced no <title>`);
  const html = sitePage(path, page);
  const file = path === "/" ? join(dist, "index.html") : join(dist, path.slice(1), "index.html");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(`prerendered ${path} -> ${file.slice(dist.length + 1)} (${(html.length / 1024).toFixed(1)} kB)`);
}

// The not-found page (docs/product-spec.md §2), prerendered for a server that answers unknown paths with a real
// 404 status, and the route patterns that let it tell an unknown path from a portal route.
const notFound = await render("/__not-found__");
if (notFound.status !== 404) throw new Error("The not-found page did not render as a 404");
await writeFile(join(dist, "404.html"), sitePage("404.html", notFound, '<meta name="robots" content="noindex"/>'));
await writeFile(join(dist, "routes.json"), `${JSON.stringify(appRoutePaths(), null, 2)}\n`);

const today = new Date().toISOString().slice(0, 10);
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...MARKETING_PATHS.map((path) => `  <url><loc>${canonicalUrl(path)}</loc><lastmod>${today}</lastmod></url>`),
  "</urlset>",
  "",
].join("\n");
await writeFile(join(dist, "sitemap.xml"), sitemap);

// Portals and the API are not for search engines; everything else is.
const robots = [
  "User-agent: *",
  "Disallow: /api/",
  "Disallow: /trpc/",
  "Disallow: /admin",
  "Disallow: /client",
  "Disallow: /client-auth",
  "Disallow: /client-dashboard",
  "Disallow: /dashboard",
  "Disallow: /tickets/",
  "Disallow: /inventory",
  "",
  `Sitemap: ${canonicalUrl("/sitemap.xml")}`,
  "",
].join("\n");
await writeFile(join(dist, "robots.txt"), robots);

await rm(join(root, "dist-ssr"), { recursive: true, force: true });
await rm(join(dist, ".vite"), { recursive: true, force: true });
console.log(`wrote sitemap.xml (${MARKETING_PATHS.length} pages) and robots.txt`);
