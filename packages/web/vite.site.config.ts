import { defineConfig, mergeConfig } from "vite";
import { spaConfig } from "./vite.config";

/**
 * The marketing pages' browser code (src/entry-site.tsx: React and the islands), built after the SPA into
 * the same dist/ with chunks of its own. scripts/prerender.mjs reads both manifests to give each page the
 * island chunks and CSS it needs, then deletes them.
 */
export default defineConfig(
  mergeConfig(spaConfig, {
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
