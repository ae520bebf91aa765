import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, mergeConfig, type Plugin } from "vite";
import { spaConfig } from "./vite.config";

/** The SPA's loading indicator in index.html, its style and its markup, each between these comments. */
const BOOT_LOADER = /<!--boot-loader-->[\s\S]*?<!--\/boot-loader-->/g;

/**
 * site.html, the marketing pages' HTML entry, is index.html with the marketing entry script in place of the
 * SPA's. It is made here from index.html rather than kept as a second copy that could drift from the first.
 */
function siteHtmlFromIndex(): Plugin {
  const root = import.meta.dirname;
  const sitePath = resolve(root, "site.html");
  return {
    name: "site-html-from-index",
    enforce: "pre",
    resolveId: (id) => (id === "site.html" || id === sitePath ? sitePath : null),
    load(id) {
      if (id !== sitePath) return null;
      const index = readFileSync(resolve(root, "index.html"), "utf8");
      const site = index.replace('src="/src/main.tsx"', 'src="/src/entry-site.tsx"');
      if (site === index) throw new Error("index.html has no /src/main.tsx script to swap for the site entry");
      // A prerendered page has its content in the HTML: the SPA's loading indicator and its style go.
      return site.replace(BOOT_LOADER, "");
    },
  };
}

/**
 * The marketing pages' browser code (src/entry-site.tsx: React and the islands), built after the SPA into
 * the same dist/ with chunks of its own. scripts/prerender.mjs reads both manifests to give each page the
 * island chunks and CSS it needs, then deletes them.
 */
export default defineConfig(
  mergeConfig(spaConfig, {
    plugins: [siteHtmlFromIndex()],
    build: {
      emptyOutDir: false,
      // The prerendered pages preload their islands' chunks themselves (<link rel="modulepreload">); the
      // runtime preloader would repeat that list in the entry for every island of every page.
      modulePreload: false,
      manifest: ".vite/site-manifest.json",
      ssrManifest: ".vite/site-ssr-manifest.json",
      rolldownOptions: { input: { site: "site.html" } },
    },
  }),
);
