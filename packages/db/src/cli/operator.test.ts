// The root's `pnpm db:*` commands as the operator meets them (docs/decisions/0031-one-line-db-command-errors.md):
// a failure is one line on stderr that names the command and the reason, and the exit code is not 0. Run
// through pnpm from the repository's root, as a person types them.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..", "..");
const work = mkdtempSync(join(tmpdir(), "db-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  // INIT_CWD is dropped so an outer pnpm (pnpm test) does not decide where relative paths start.
  const { INIT_CWD: _outer, ...inherited } = process.env;
  return spawnSync(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...inherited, DATABASE_URL: "", DATA_DIR: work, npm_config_update_notifier: "false", ...env },
    encoding: "utf8",
  });
}
const stderrLines = (result: SpawnSyncReturns<string>) => result.stderr.trim().split("\n");

describe("pnpm db:* when it fails", () => {
  it("db:restore of a missing file: one line naming the command and the file, exit 1", () => {
    const missing = join(work, "nowhere.tar.gz");
    const result = run(["pnpm", "db:restore", missing]);
    expect(stderrLines(result)).toEqual([`db:restore: No backup at ${missing}.`]);
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain("ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL");
  });

  it("a mistyped option: one line with the usage, exit 1", () => {
    const result = run(["pnpm", "db:backup", "--outt", "x.tar.gz"]);
    expect(stderrLines(result)).toEqual([
      "db:backup: Unknown option '--outt'. Usage: pnpm db:backup [--out file.tar.gz]",
    ]);
    expect(result.status).toBe(1);
  });

  it("an unexpected failure (no database at DATABASE_URL): its reason in one line, no stack trace", () => {
    const result = run(["pnpm", "db:migrate"], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" });
    expect(stderrLines(result)).toEqual(["db:migrate: connect ECONNREFUSED 127.0.0.1:1"]);
    expect(result.status).toBe(1);
  });

  it("an unknown command given to the wrapper: one line listing the commands, exit 2", () => {
    const result = run([process.execPath, "scripts/db.mjs", "drop"]);
    expect(stderrLines(result)).toEqual([
      'db: unknown command "drop"; one of db:migrate, db:seed, db:backup, db:restore, db:move-to-postgres',
    ]);
    expect(result.status).toBe(2);
  });
});
