import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server (packages/api) listens on 3000; in development Vite serves the app and forwards
// every data path to it, so the browser sees one origin exactly as in production.
const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
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
    // scripts/prerender.mjs reads it to preload the lazy chunk of a prerendered page, then deletes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React in its own long-cached chunk: every page needs all of it. Other libraries are not grouped:
        // a group is one chunk, so a marketing page would download every Mantine component and the schema
        // library that only the portals use. The bundler splits them along the lazy routes instead.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
