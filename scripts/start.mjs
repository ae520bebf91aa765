// pnpm start: serves the built app, building it first when there is no build or when a source is newer
// than the build (after a git pull), so nobody is served yesterday's code by surprise.
// The embedded database lives in ./data unless DATA_DIR or DATABASE_URL says otherwise.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const server = join(root, "packages/api/dist/main.js");
const web = join(root, "packages/web/dist");

/** The newest modification time below `path`, leaving out installed and built folders. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist" || entry === "dist-ssr" || entry.startsWith(".")) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const builtAt = () => Math.min(statSync(server).mtimeMs, statSync(join(web, "index.html")).mtimeMs);
const sources = () => Math.max(newest(join(root, "packages")), newest(join(root, "pnpm-lock.yaml")));

const missing = !existsSync(server) || !existsSync(join(web, "index.html"));
if (missing || sources() > builtAt()) {
  console.log(`${missing ? "No build found" : "The sources are newer than the build"}: building first (pnpm build)...`);
  const result = spawnSync("pnpm", ["build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Arguments go to the server: `pnpm start --check` validates the configuration and the database, and exits.
const child = spawn(process.execPath, ["--enable-source-maps", server, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { DATA_DIR: join(root, "data"), ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
