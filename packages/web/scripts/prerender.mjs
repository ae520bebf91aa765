// Build step 3 of 3 (after the client build and the SSR build of src/entry-server.tsx): writes every
// marketing route as static HTML into dist/, so a visitor and a crawler get the page's content before any
// JavaScript runs, then the app hydrates it. Also writes sitemap.xml, robots.txt, 404.html (the not-found
// page) and routes.json (the app's route patterns, for a server that answers unknown paths with 404).
//
// Layout: "/" -> dist/index.html, "/about" -> dist/about/index.html (the server tries "<path>/index.html").
// The untouched shell is kept as dist/spa.html: the server answers every other path with it.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const ssrEntry = join(root, "dist-ssr", "entry-server.js");

const template = await readFile(join(dist, "index.html"), "utf8");
if (!template.includes("<!--app-head-->") || !template.includes("<!--app-html-->")) {
  throw new Error("dist/index.html has no <!--app-head--> / <!--app-html--> placeholders: is it already prerendered?");
}

const { render, appRoutePaths, MARKETING_PATHS, LAZY_PAGE_MODULES, canonicalUrl } = await import(pathToFileURL(ssrEntry).href);
const manifestFile = join(dist, ".vite", "manifest.json");
const manifest = JSON.parse(await readFile(manifestFile, "utf8"));

/** <link rel="modulepreload"> for a lazy page's chunk and the chunks it imports that the shell does not load. */
function lazyChunkPreloads(path) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (LAZY_PAGE_MODULES[path]) visit(LAZY_PAGE_MODULES[path]);
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("\n    ");
}

// The SPA fallback: no content, no route-specific head (the app sets the title once it knows the route).
await writeFile(join(dist, "spa.html"), template.replace("<!--app-head-->", "").replace("<!--app-html-->", ""));

for (const path of MARKETING_PATHS) {
  const page = await render(path);
  if (page.status !== 200) throw new Error(`Prerender of ${path} answered ${page.status}`);
  if (!page.head.includes("<title>")) throw new Error(`Prerender of ${path} produced no <title>`);
  // The shell's default title goes: the route's own title is in page.head.
  const html = template
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace("<!--app-head-->", [page.head, lazyChunkPreloads(path)].filter(Boolean).join("\n    "))
    .replace("<!--app-html-->", page.html);
  const file = path === "/" ? join(dist, "index.html") : join(dist, path.slice(1), "index.html");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(`prerendered ${path} -> ${file.slice(dist.length + 1)} (${(html.length / 1024).toFixed(1)} kB)`);
}

// The not-found page (spec section 2), prerendered for a server that answers unknown paths with a real
// 404 status, and the route patterns that let it tell an unknown path from a portal route.
const notFound = await render("/__not-found__");
if (notFound.status !== 404) throw new Error("The not-found page did not render as a 404");
await writeFile(
  join(dist, "404.html"),
  template
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace("<!--app-head-->", `<meta name="robots" content="noindex"/>\n    ${notFound.head}`)
    .replace("<!--app-html-->", notFound.html),
);
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
