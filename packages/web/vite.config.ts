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
    rolldownOptions: {
      output: {
        // Libraries in their own long-cached chunks; the app's own code changes far more often.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/ },
            { name: "data", test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
            { name: "validators", test: /[\\/]validators[\\/]src[\\/]|node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
