import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

// The API server (packages/api) listens on 3000; in development Vite serves the app and forwards
// every data path to it, so the browser sees one origin exactly as in production.
const API_ORIGIN = "http://localhost:3000";

/**
 * The SPA: portals, sign-in screens, and the shell of every path that is not prerendered. The marketing
 * pages are a second, separate build (vite.site.config.ts): a module both use would otherwise land in a
 * shared chunk holding everything either side needs of it, and a marketing page would download it all.
 */
export const spaConfig: UserConfig = {
  // The router plugin generates src/routeTree.gen.ts from src/routes and must run before react().
  plugins: [tanstackRouter({ target: "react" }), react()],
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
