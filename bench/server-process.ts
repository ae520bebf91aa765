// Our built server (packages/api/dist/main.js) in a process of its own, in production mode, as the benches
// that load it over HTTP start it; and the small helpers they share (a free port, waiting for an answer).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
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

const TICKS_PER_SECOND = 100; // /proc's clock ticks (USER_HZ) on Linux

/** The process's CPU time so far, in ms (user + system; fields 14 and 15 of /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The CPU time so far of the database's backends, by pid: the server's, and the bench's own, which sit
 * idle during the run. A backend that started during the run counts whole.
 */
export async function backendCpuMs(
  raw: (strings: TemplateStringsArray, ...values: unknown[]) => Promise<unknown>,
): Promise<Map<number, number>> {
  const rows = (await raw`
    select pid from pg_stat_activity where datname = current_database()`) as { pid: number }[];
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {} // ended meanwhile, or on another machine: then the figure is not printed
  }
  return cpu;
}

/** The ids of a process's children (Linux, /proc). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

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
