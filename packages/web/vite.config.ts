import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { DEFERRED_MEDIA } from "./src/lib/deferred-stylesheets";

// The API server (packages/api) listens on 3000; in development Vite serves the app and forwards
// every data path to it, so the browser sees one origin exactly as in production.
const API_ORIGIN = "http://localhost:3000";

const STYLESHEET = /<link rel="stylesheet"/g;

/**
 * The SPA shell's stylesheet is fetched as media="print", which does not hold back the first paint: a
 * stylesheet in <head> would keep the loading indicator in index.html off screen until it arrived, seconds
 * on a slow line. main.tsx applies it, and waits for it, before the app renders (src/lib/deferred-stylesheets.ts).
 * It stays in <head>, so the cascade is unchanged. Only index.html: the prerendered pages inline their
 * critical CSS instead (scripts/prerender.mjs).
 */
function deferShellStylesheet(): Plugin {
  return {
    name: "defer-shell-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, { path }) =>
        path === "/index.html"
          ? html.replace(STYLESHEET, `<link rel="stylesheet" media="print" ${DEFERRED_MEDIA}="all"`)
          : html,
    },
  };
}

/**
 * The SPA: portals, sign-in screens, and the shell of every path that is not prerendered. The marketing
 * pages are a second, separate build (vite.site.config.ts): a module both use would otherwise land in a
 * shared chunk holding everything either side needs of it, and a marketing page would download it all.
 */
export const spaConfig: UserConfig = {
  // The router plugin generates src/routeTree.gen.ts from src/routes and must run before react().
  plugins: [tanstackRouter({ target: "react" }), react(), deferShellStylesheet()],
  server: {
    proxy: {
      "/trpc": API_ORIGIN,
      "/api": API_ORIGIN,
      "/ws": { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: "dist",
    rolldownOptions: {
      output: {
        // React in its own long-cached chunk: every page needs all of it. Other libraries are not grouped:
        // a group is one chunk, so one screen would download every Mantine component the others use. The
        // bundler splits them along the lazy routes instead.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
};

export default defineConfig(spaConfig);
