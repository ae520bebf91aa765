// pnpm db:migrate, db:seed, db:backup, db:restore, db:move-to-postgres: runs the database command of
// packages/db/src/cli/ directly. Through `pnpm --filter @repo/db <script>` a failure's one line was buried
// under pnpm's recursive-run report (docs/decisions/0031-one-line-db-command-errors.md); here the command's
// own output is all there is, and its exit code is ours.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const COMMANDS = ["migrate", "seed", "backup", "restore", "move-to-postgres"];
const db = join(dirname(fileURLToPath(import.meta.url)), "..", "packages", "db");
const [command, ...args] = process.argv.slice(2);

if (!COMMANDS.includes(command ?? "")) {
  console.error(`db: unknown command "${command ?? ""}"; one of ${COMMANDS.map((c) => `db:${c}`).join(", ")}`);
  process.exit(2);
}
const script = join(db, "src", "cli", `${command}.ts`);
if (!existsSync(script)) {
  console.error(`db:${command}: ${script} is missing; is this a full checkout?`);
  process.exit(1);
}

// As `pnpm --filter` ran it: inside packages/db, with INIT_CWD naming where the operator typed the command
// (pnpm sets it; a direct `node scripts/db.mjs` gets the current folder), so relative paths keep their meaning.
const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
  cwd: db,
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
child.on("error", (error) => {
  console.error(`db:${command}: could not start: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
