// node scripts/deploy-prod.mjs <folder>: the built app with its production dependencies only, ready to copy
// into an image (docker/Dockerfile) or onto a server; run `pnpm build` first. Layout (docs/architecture.md §17):
//   <folder>/api       the api package as `pnpm deploy --prod` leaves it: dist/ (the bundled server, with the
//                      @repo/* packages inside) and node_modules/ (its external npm dependencies; @repo/db comes
//                      along too, and with it the migrations folder the server resolves through it)
//   <folder>/web/dist  the web build, where the server looks for it by default: ../web/dist from the api package
//   <folder>/web/dist-ssr  the web app's server entry and the help centre's shells (server/help-centre-pages.ts)
// Start it with `node --enable-source-maps <folder>/api/dist/main.js`.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = process.argv[2];
if (!target) {
  console.error("Usage: node scripts/deploy-prod.mjs <folder>");
  process.exit(1);
}
const out = resolve(target);
if (existsSync(out) && readdirSync(out).length > 0) {
  console.error(`${out} is not empty: choose a new folder`);
  process.exit(1);
}
for (const built of [
  "packages/api/dist/main.js",
  "packages/api/dist/user-create.js",
  "packages/api/dist/webhook-worker.js",
  "packages/web/dist/index.html",
  "packages/web/dist-ssr/entry-server.js",
]) {
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run pnpm build first`);
    process.exit(1);
  }
}

// pnpm 10's deploy copies workspace packages in as they would be published, which needs injected workspace
// packages; set for this command only, so development keeps its symlinked packages (docs/decisions/0011).
// Run with the pnpm running this script when there is one (pnpm deploy:prod, pnpm test), else the way the
// README runs pnpm (a fresh machine has none on PATH).
const pnpm = process.env.npm_execpath?.includes("pnpm")
  ? [process.execPath, process.env.npm_execpath]
  : ["npx", "-y", "pnpm@10"];
const result = spawnSync(
  pnpm[0],
  [
    ...pnpm.slice(1),
    "--filter",
    "@repo/api",
    "--config.inject-workspace-packages=true",
    "deploy",
    "--prod",
    join(out, "api"),
  ],
  { cwd: root, stdio: "inherit", shell: process.platform === "win32" && pnpm[0] !== process.execPath },
);
if (result.status !== 0) process.exit(result.status ?? 1);

cpSync(join(root, "packages/web/dist"), join(out, "web/dist"), { recursive: true });
// The web app's server entry, self-contained: the API renders the help centre's pages with it.
cpSync(join(root, "packages/web/dist-ssr"), join(out, "web/dist-ssr"), { recursive: true });
console.log(`Deployed to ${out}: start it with node --enable-source-maps ${join(out, "api/dist/main.js")}`);
