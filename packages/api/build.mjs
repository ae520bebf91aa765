// Bundles the server into dist/main.js. The workspace packages (@repo/*) ship TypeScript sources, so they
// are bundled in, with their own dependencies (pnpm does not let the api folder resolve those). The api's
// direct dependencies stay external and load from node_modules (PGlite's wasm, argon2's native binary).
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const external = new Set();
const { dependencies = {} } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
for (const name of Object.keys(dependencies)) if (!name.startsWith("@repo/")) external.add(name);

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "webhook-worker": "src/server/webhook-worker.ts",
    "user-create": "src/cli/user-create.ts",
    "files-move": "src/cli/files-move.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
