// The check of the move to PostgreSQL, end to end: an embedded install with the demo data is
// moved into a fresh PostgreSQL database, the real server starts on it, and every demo account signs
// in over REST (docs/decisions/0010-backups-and-moving-to-postgres.md). Needs TEST_DATABASE_URL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@repo/db";
import { moveToPostgres } from "@repo/db/move";
import { createDemoDataDir, createEmptyPostgresDatabase } from "@repo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.skipIf(!serverUrl)("an embedded install moved to PostgreSQL", () => {
  let demo: Awaited<ReturnType<typeof createDemoDataDir>>;
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let server: ChildProcess | undefined;
  let base: string;
  let output = "";
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "nw-moved-"));
    demo = await createDemoDataDir();
    target = await createEmptyPostgresDatabase(serverUrl!);
    await moveToPostgres({ dataDir: demo.dataDir, url: target.url });

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: join(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_URL: target.url, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${base}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      if (tries > 240 || server.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await target?.drop();
    demo?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts on PostgreSQL, and every demo account signs in", async () => {
    expect(output).toContain("(database: postgres)");
    for (const account of DEMO_ACCOUNTS) {
      const path = account.role === "CLIENT" ? "/api/client/login" : "/api/auth/login";
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      expect(res.status, `${account.email}: ${res.status}`).toBe(200);
      const body = (await res.json()) as { token: string; user: { email: string } };
      expect(body.user.email).toBe(account.email);
      expect(body.token).toBeTruthy();
    }
  });

  it("serves the moved tickets, not a new seed", async () => {
    const login = await fetch(`${base}/api/client/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "client@acme.test", password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${base}/api/client/tickets`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("Quotes ' \\\" and");
  });
});
