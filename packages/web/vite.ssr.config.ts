import { defineConfig, mergeConfig } from "vite";
import { spaConfig } from "./vite.config";

/**
 * The server entry (src/entry-server.tsx), built after the two browser builds. scripts/prerender.mjs
 * renders the marketing pages with it at build time, and the API server renders the help centre's pages
 * with it at request time (packages/api/src/server/help-centre-pages.ts). So it carries its dependencies
 * (React, the router, Mantine) inside: the deployed server has the web build, not the web package's
 * node_modules.
 */
export default defineConfig(
  mergeConfig(spaConfig, {
    ssr: { noExternal: true },
    build: { ssr: "src/entry-server.tsx", outDir: "dist-ssr", copyPublicDir: false },
  }),
);
