// The entry point as an operator meets it: started as a process, it says plainly why it cannot start.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => taken.close(resolve)));

/** Runs src/server/main.ts to its exit; its exit code and what it wrote to stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: mkdtempSync(join(tmpdir(), "nw-main-")), ...env },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

it("a port already in use: one line naming the port and the way out, no stack trace, exit 1", async () => {
  const { code, stderr } = await runMain({ PORT: String(port), HOST: "127.0.0.1" });
  expect(code).toBe(1);
  expect(stderr).toContain(
    `Cannot start: port ${port} on 127.0.0.1 is already in use. Stop the program using it, or choose another port, e.g. PORT=${port + 1} pnpm start`,
  );
  expect(stderr).not.toMatch(/\n\s+at /);
}, 60_000);
