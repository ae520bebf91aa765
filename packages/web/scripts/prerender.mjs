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
import Beasties from "beasties";

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

const { render, appRoutePaths, MARKETING_PATHS, SITE_STYLED_COMPONENTS, canonicalUrl, HELP_CENTRE_SHELLS } =
  await import(pathToFileURL(ssrEntry).href);
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
    ...[...scripts]
      .filter(missing)
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
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

// Finds the rules of the page's stylesheets that its markup uses. Only the result is kept: Beasties
// re-serialises the whole document, and the served markup should stay exactly what React rendered.
const criticalCss = new Beasties({
  path: dist,
  publicPath: "/",
  preload: false,
  pruneSource: false,
  mergeStylesheets: true,
  // Mantine's own <style> (the theme's CSS variables) is already inline and all of it is needed.
  reduceInlineStyles: false,
  fonts: false,
  keyframes: "critical",
  // Beasties matches selectors below <html>, so rules for <html> itself (the colour scheme's variables)
  // would never count as used.
  allowRules: [/^:root\[data-mantine-color-scheme=light\]$/],
  compress: true,
  logLevel: "warn",
});

const HEAD_STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
const DEFERRED_MEDIA = "data-deferred-media";
// Applies the deferred stylesheets once the page is parsed. A stylesheet fetched for media="print" does not
// block rendering, and switching its media later does not make it block. An inline script: the server
// puts its hash in the Content-Security-Policy (packages/api/src/server/security.ts).
const APPLY_DEFERRED_STYLES = `<script>document.querySelectorAll("link[${DEFERRED_MEDIA}]").forEach(function(l){l.media=l.getAttribute("${DEFERRED_MEDIA}");l.removeAttribute("${DEFERRED_MEDIA}")})</script>`;

const ROOT_BLOCK = /(:root(?:\[data-mantine-color-scheme=light\])?)\{([^{}]*)\}/g;

/**
 * The inline CSS without the custom properties that nothing on the page reads: Mantine's :root defines
 * every shade of every colour (17 KB of the 40 KB inline on a service page), and the page uses a few.
 * Kept: each property the page's markup, its Mantine <style>s or the other inline rules read with var(),
 * and whatever those read in turn. The stylesheet that loads after the first paint defines them all
 * again, for the islands and the states the markup shows later. About 1.9 KB less gzipped HTML per page,
 * which brings more pages' HTML within the first 14.6 KB round trip that Lantern (and TCP) allows.
 */
function pruneUnusedCustomProperties(css, html) {
  const defined = new Map();
  for (const [, , body] of css.matchAll(ROOT_BLOCK)) {
    for (const declaration of body.split(";")) {
      const colon = declaration.indexOf(":");
      const name = declaration.slice(0, colon).trim();
      if (colon > 0 && name.startsWith("--"))
        defined.set(name, `${defined.get(name) ?? ""} ${declaration.slice(colon + 1)}`);
    }
  }
  const used = new Set();
  const pending = [];
  const read = (text) => {
    for (const [, name] of text.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (used.has(name)) continue;
      used.add(name);
      pending.push(name);
    }
  };
  read(css.replace(ROOT_BLOCK, ""));
  read(html);
  while (pending.length) read(defined.get(pending.pop()) ?? "");
  return css.replace(ROOT_BLOCK, (_, selector, body) => {
    const kept = body.split(";").filter((declaration) => {
      const name = declaration.slice(0, declaration.indexOf(":")).trim();
      return !name.startsWith("--") || used.has(name);
    });
    return `${selector}{${kept.join(";")}}`;
  });
}

/**
 * Nothing render-blocking between the HTML and its first paint (docs/performance.md): the rules the page's markup uses
 * go inline into <head>, ahead of its stylesheets, which load without blocking and apply once the page
 * is parsed. They bring the rules for states the markup shows only later (an open menu, a form's error,
 * a toast) and stay where they were, so the cascade (Mantine's theme <style> in the body overriding their
 * defaults) is what it was. The markup is matched as <html data-mantine-color-scheme="light"> (sitePage)
 * shows it.
 */
async function inlineCriticalCss(html) {
  const headEnd = html.indexOf("</head>");
  const head = html.slice(0, headEnd);
  const links = head.match(HEAD_STYLESHEET) ?? [];
  if (links.length === 0) return html;
  const processed = await criticalCss.process(html);
  const inlined = processed.slice(0, processed.indexOf("</head>")).match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (!inlined) throw new Error("Beasties found no critical CSS in the page's stylesheets");
  const critical = pruneUnusedCustomProperties(inlined, html.slice(head.length));
  let first = true;
  const deferredHead = head.replace(HEAD_STYLESHEET, (link) => {
    const deferred = link.replace(/^<link /, `<link media="print" ${DEFERRED_MEDIA}="all" `);
    if (!first) return deferred;
    first = false;
    return `<style>${critical}</style>\n    ${deferred}`;
  });
  return `${deferredHead}  <noscript>${links.join("")}</noscript>\n  ${html
    .slice(headEnd)
    .replace("</body>", `  ${APPLY_DEFERRED_STYLES}\n  </body>`)}`;
}

/**
 * Nothing but the HTML (and the page's own picture) is fetched before the first paint (issue 45,
 * docs/decisions/0059-island-code-after-first-paint.md): the island chunks, the entry and the deferred
 * stylesheets are requested by an inline script once the page has loaded (its picture too: it may be the
 * largest paint) and painted (its first-contentful-paint entry has been reported, then a task; two
 * animation frames where paint timing is missing; 3 s at most), in the order they stood in <head>. Lighthouse's simulated throttling (Lantern) counts every request
 * that started before the observed LCP as a dependency of the LCP and replays it at 1.6 Mbit/s: with the
 * ~100 KB of island code preloaded from <head>, a text paragraph's LCP became 2 s on a 150 ms line. A hidden
 * page (a tab opened in the background) never paints: it loads them at once. The stylesheets still load for
 * media="print" and apply once loaded, so they never block a paint; <noscript> keeps them for a browser
 * without scripts. The server hashes this script into the page's Content-Security-Policy like any other.
 */
const AFTER_PAINT_TAGS =
  /\s*(?:<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>|<link media="print" data-deferred-media="all"[^>]*>)/g;

function loadAfterFirstPaint(html) {
  const headEnd = html.indexOf("</head>");
  const head = html.slice(0, headEnd);
  const load = [];
  const kept = head.replace(AFTER_PAINT_TAGS, (tag) => {
    const href = /\b(?:href|src)="([^"]+)"/.exec(tag)?.[1];
    if (!href) throw new Error(`No address in ${tag.trim()}`);
    load.push([tag.includes("modulepreload") ? "p" : tag.includes("<script") ? "m" : "s", href]);
    return "";
  });
  if (!load.some(([kind]) => kind === "m"))
    throw new Error("The page has no module entry to load after its first paint");
  const body = html.slice(headEnd);
  const loader = `<script>(function(d,t){function go(){t.forEach(function(x){var e=d.createElement(x[0]==="m"?"script":"link");e.crossOrigin="";if(x[0]==="m"){e.type="module";e.src=x[1]}else{e.href=x[1];if(x[0]==="p")e.rel="modulepreload";else{e.rel="stylesheet";e.media="print";e.onload=function(){e.media="all"}}}d.head.appendChild(e)})}var done=0;function start(){if(!done){done=1;setTimeout(go)}}function painted(){var P=window.PerformanceObserver,o;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}});o.observe({type:"paint",buffered:true});setTimeout(start,3000)}else requestAnimationFrame(function(){requestAnimationFrame(start)})}if(d.visibilityState!=="visible")start();else if(d.readyState==="complete")painted();else addEventListener("load",painted,{once:true})})(document,${JSON.stringify(load)})</script>`;
  // The loader applies the deferred stylesheets itself, in place of the script that did.
  const rest = body.includes(APPLY_DEFERRED_STYLES)
    ? body.replace(APPLY_DEFERRED_STYLES, loader)
    : body.replace("</body>", `  ${loader}\n  </body>`);
  return kept + rest;
}

/**
 * The page's own picture (About's hero, the feature pages' illustration) is often its largest element:
 * fetched first, ahead of the island chunks, rather than once layout has found it.
 */
function heroImagePreload(html) {
  const src = /<img\b[^>]*\bsrc="(\/images\/[^"]+)"/.exec(html)?.[1];
  return src ? `<link rel="preload" as="image" fetchpriority="high" href="${src}">` : "";
}

/**
 * A page in the marketing template; the template's default title gives way to the page's own. Its colour
 * scheme is light, written into <html> rather than set by Mantine's <ColorSchemeScript>: no screen offers
 * another, and that inline script, the first on the page, cost the first paint 40 ms (160 ms at the bench's
 * 4x CPU slowdown) for the JavaScript engine to start.
 */
async function sitePage(path, page, extraHead = "") {
  checkStyled(path, page.html);
  const html = await inlineCriticalCss(
    siteTemplate
      .replace(/<html\b/, '<html data-mantine-color-scheme="light"')
      .replace(/<title>[^<]*<\/title>\s*/, "")
      .replace(
        "<!--app-head-->",
        [extraHead, page.head, heroImagePreload(page.html), islandHeadTags(page.islandModules)]
          .filter(Boolean)
          .join("\n    "),
      )
      .replace("<!--app-html-->", page.html),
  );
  return loadAfterFirstPaint(html);
}

// The SPA fallback: no content, no route-specific head (the app sets the title once it knows the route).
await writeFile(join(dist, "spa.html"), spaTemplate.replace("<!--app-head-->", "").replace("<!--app-html-->", ""));
await rm(join(dist, "site.html"));

/**
 * A page's shell, for the API server to render the page into at request time: the page with its own head
 * tags and markup taken out again, leaving the placeholders (its critical CSS, island chunks and deferred
 * stylesheets stay).
 */
function shellOf(what, html, page) {
  const once = (part) => {
    const at = html.indexOf(part);
    if (at < 0 || html.indexOf(part, at + 1) >= 0)
      throw new Error(`The ${what} shell holds its page's ${part.slice(0, 40)}... other than once`);
    return at;
  };
  const headAt = once(page.head);
  const bodyAt = once(page.html);
  return {
    html: `${html.slice(0, headAt)}<!--app-head-->${html.slice(headAt + page.head.length, bodyAt)}<!--app-html-->${html.slice(bodyAt + page.html.length)}`,
    islandModules: page.islandModules,
  };
}

// Each marketing page, and its shell: the API server renders the pages again into their shells once the
// provider publishes content of its own (packages/api/src/server/site-pages.ts).
const marketingShells = {};
for (const path of MARKETING_PATHS) {
  const page = await render(path);
  if (page.status !== 200) throw new Error(`Prerender of ${path} answered ${page.status}`);
  if (!page.head.includes("<title>")) throw new Error(`Prerender of ${path} produced no <title>`);
  const html = await sitePage(path, page);
  const file = path === "/" ? join(dist, "index.html") : join(dist, path.slice(1), "index.html");
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  marketingShells[path] = shellOf(path, html, page);
  console.log(`prerendered ${path} -> ${file.slice(dist.length + 1)} (${(html.length / 1024).toFixed(1)} kB)`);
}
await writeFile(join(root, "dist-ssr", "marketing-shells.json"), JSON.stringify(marketingShells));

// The help centre's shells (features/help-centre/help-centre-shells.ts): each page rendered once with sample
// articles (packages/api/src/server/help-centre-pages.ts renders the real ones into them).
const shells = {};
for (const [kind, { url, data }] of Object.entries(HELP_CENTRE_SHELLS)) {
  const page = await render(url, { helpCentre: data });
  if (page.status !== 200) throw new Error(`The help centre's ${kind} shell answered ${page.status}`);
  shells[kind] = shellOf(kind, await sitePage(url, page), page);
}
await writeFile(join(root, "dist-ssr", "help-centre-shells.json"), JSON.stringify(shells));

// The not-found page (docs/product-spec.md §2), prerendered for a server that answers unknown paths with a real
// 404 status, and the route patterns that let it tell an unknown path from a portal route.
const notFound = await render("/__not-found__");
if (notFound.status !== 404) throw new Error("The not-found page did not render as a 404");
await writeFile(
  join(dist, "404.html"),
  await sitePage("404.html", notFound, '<meta name="robots" content="noindex"/>'),
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

// dist-ssr stays: the API server renders the help centre's pages with its entry and shells.
await rm(join(dist, ".vite"), { recursive: true, force: true });
console.log(`wrote sitemap.xml (${MARKETING_PATHS.length} pages) and robots.txt`);
