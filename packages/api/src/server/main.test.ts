// The entry point as an operator meets it: started as a process, it says plainly why it cannot start.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { modeOf, openToOthers } from "@repo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => taken.close(resolve)));

/**
 * How long a start may take to reach its exit: tsx compiles the server and PGlite opens and migrates a new
 * database first, which on a busy machine (two busy loops beside the suite) took over a minute. The test
 * awaits the process's exit, so the bound only ends a start that hangs.
 */
const START_BOUND_MS = 180_000;

/** Runs src/server/main.ts to its exit; its exit code and what it wrote. */
function runMain(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts", ...args], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: mkdtempSync(join(tmpdir(), "nw-main-")), ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

it(
  "a port already in use: one line naming the port and the way out, no stack trace, exit 1",
  async () => {
    const { code, stderr } = await runMain({ PORT: String(port), HOST: "127.0.0.1" });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Cannot start: port ${port} on 127.0.0.1 is already in use. Stop the program using it, or choose another port, e.g. PORT=${port + 1} pnpm start`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  },
  START_BOUND_MS,
);

it(
  "keeps the data folder its owner's alone: what it creates, and what an older install left open",
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nw-main-"));
    const old = join(dataDir, "files", "attachments", "2025", "01");
    mkdirSync(old, { recursive: true, mode: 0o755 });
    writeFileSync(join(old, "a.bin"), "an attachment", { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    // The port is taken, so the start stops after opening (and creating) the database.
    const { code } = await runMain({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(join(old, "a.bin"))).toBe(0o600);
  },
  START_BOUND_MS,
);

describe("--check", () => {
  it(
    "validates the configuration, reaches the database, says so and exits 0 without serving",
    async () => {
      // A start opens (and creates) the database, then stops at the taken port.
      const dataDir = mkdtempSync(join(tmpdir(), "nw-main-"));
      expect((await runMain({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir })).code).toBe(1);
      const { code, stdout } = await runMain({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }, ["--check"]);
      expect(stdout).toContain(
        `Configuration: valid (NODE_ENV=${process.env.NODE_ENV ?? "development"}, port ${port})`,
      );
      expect(stdout).toMatch(/Database: reachable \(PGlite in .*nw-main-/);
      expect(code).toBe(0); // the taken port did not matter: nothing listened
    },
    START_BOUND_MS,
  );

  it(
    "in a new data folder says the first start creates the database, and writes nothing",
    async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), "nw-main-")), "data");
      const { code, stdout } = await runMain({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }, ["--check"]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/Database: none yet in .*pglite; the first start creates it \(nothing was written\)/);
      expect(existsSync(join(dataDir, "pglite"))).toBe(false);
    },
    START_BOUND_MS,
  );

  it(
    "names a bad setting and exits 1",
    async () => {
      const { code, stderr } = await runMain({ PORT: "eighty", LOG_LEVEL: "loud" }, ["--check"]);
      expect(code).toBe(1);
      expect(stderr).toContain("PORT:");
      expect(stderr).toContain("LOG_LEVEL:");
    },
    START_BOUND_MS,
  );

  it(
    "says the database cannot be reached, and exits 1",
    async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const nobody = (closed.address() as { port: number }).port;
      await new Promise((resolve) => closed.close(resolve)); // now nothing listens there
      const { code, stderr } = await runMain({ DATABASE_URL: `postgres://postgres@127.0.0.1:${nobody}/nowhere` }, [
        "--check",
      ]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Cannot reach the database: /);
      expect(stderr).not.toMatch(/\n\s+at /);
    },
    START_BOUND_MS,
  );
});
