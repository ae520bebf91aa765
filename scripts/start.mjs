// pnpm start: serves the built app, building it first when there is no build.
// The embedded database lives in ./data unless DATA_DIR or DATABASE_URL says otherwise.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const server = join(root, "packages/api/dist/main.js");
const web = join(root, "packages/web/dist");

if (!existsSync(server) || !existsSync(web)) {
  console.log("No build found: building first (pnpm build)...");
  const result = spawnSync("pnpm", ["build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", server], {
  cwd: root,
  stdio: "inherit",
  env: { DATA_DIR: join(root, "data"), ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
