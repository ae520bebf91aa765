// Our built server (packages/api/dist/main.js) in a process of its own, in production mode, as the benches
// that load it over HTTP start it; and the small helpers they share (a free port, waiting for an answer).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on("error", fail);
  });

export async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url}: no answer`);
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Resolves when the child has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise((done) => (child.exitCode === null && child.signalCode === null ? child.on("exit", done) : done(null)));

/**
 * Starts the build in production mode on a free port against `databaseUrl` (or PGlite in `dataDir`). `entry` defaults to the build
 * (BENCH_ENTRY overrides it, to measure another build); `profileDir` adds a CPU profile written there.
 */
export async function startOurServer({
  databaseUrl,
  dataDir = mkdtempSync(join(os.tmpdir(), "nw-bench-")),
  profileDir,
  entry = process.env.BENCH_ENTRY ?? "packages/api/dist/main.js",
}: {
  /** PostgreSQL; without it the server opens PGlite in `dataDir`/pglite. */
  databaseUrl?: string;
  dataDir?: string;
  profileDir?: string | null;
  entry?: string;
}) {
  if (!existsSync(entry)) throw new Error(`No build at ${entry}: run pnpm build first`);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--enable-source-maps", entry],
    {
      env: {
        ...withoutDatabaseUrl(process.env),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return { child, port, origin: `http://127.0.0.1:${port}` };
}

/** The environment without the caller's DATABASE_URL, which would otherwise win over PGlite. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_DIRECT_URL: _direct, ...rest } = env;
  return rest;
}
