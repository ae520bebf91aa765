// API benchmark (docs/performance.md): our server, built and in production mode, against a bare Hono + postgres.js
// server (bench/raw-server.ts) running the same SQL on the same fresh PostgreSQL database (or both on
// PGlite, BENCH_DB=pglite). Both are
// loaded by autocannon in a process of its own, one call at a time, ours and raw alternated (and in
// alternating order), so that the machine's other load weighs on both alike. Prints per call our req/s
// and p99, raw req/s and p99, and the ratio ours/raw; then each server's own CPU time per request (read
// from /proc), which a busy machine disturbs far less than req/s: what our layers cost above the SQL.
//   pnpm build && pnpm bench:api          (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   DATABASE_URL=postgres://... BENCH_SECONDS=10 pnpm bench:api
//   BENCH_PROFILE=1 pnpm bench:api        (also writes a CPU profile of our server to bench/profiles/)
//   BENCH_CALLS=auth/me,trpc pnpm bench:api  (only the calls whose names contain one of these; =name: that one)
//   BENCH_DB=pglite pnpm bench:api        (both servers on PGlite, each on its own copy of the same data)
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { benchDatabase, benchPgliteData } from "./api-data.js";
import { exited, freePort, startOurServer, waitFor } from "./server-process.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

/**
 * Both servers on one engine's data. PostgreSQL (the default): one fresh database they share. PGlite
 * (BENCH_DB=pglite): the same data seeded once, and a copy for each, as PGlite is one process's database.
 */
async function onPostgres() {
  const { database, ...data } = await benchDatabase();
  return {
    ...data,
    ours: { databaseUrl: database.url },
    rawEnv: { DATABASE_URL: database.url },
    drop: () => database.drop(),
  };
}
async function onPglite() {
  const { copyTo, drop, dir, ...data } = await benchPgliteData();
  copyTo(join(dir, "ours", "pglite"));
  return {
    ...data,
    ours: { dataDir: join(dir, "ours") },
    rawEnv: { PGLITE_DIR: copyTo(join(dir, "raw")) },
    drop: async () => drop(),
  };
}
const ENGINE = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const data = ENGINE === "pglite" ? await onPglite() : await onPostgres();
const { ticketId, commentTicketId, clientId, staffToken, clientToken } = data;

const profileDir = process.env.BENCH_PROFILE ? join("bench", "profiles") : null;
const { child: ours, port: oursPort } = await startOurServer({ ...data.ours, profileDir });
const rawPort = await freePort();
const raw = spawn(process.execPath, ["--import", "tsx", "bench/raw-server.ts"], {
  env: { ...process.env, ...data.rawEnv, PORT: String(rawPort) },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = async () => {
  for (const child of [ours, raw]) child.kill("SIGTERM");
  await Promise.all([ours, raw].map(exited));
  await data.drop();
};

interface Call {
  name: string;
  path: string;
  token: string;
  method?: "POST";
  body?: unknown;
}
const staffPost = { title: "Bench ticket", description: "Created by the benchmark.", type: "INCIDENT", priority: "P3" };
const calls: Call[] = [
  { name: "GET /api/auth/me", path: "/api/auth/me", token: staffToken },
  { name: "GET /api/tickets", path: "/api/tickets", token: staffToken },
  { name: "GET /api/tickets?status=IN_PROGRESS", path: "/api/tickets?status=IN_PROGRESS", token: staffToken },
  { name: "GET /api/tickets?q=printer", path: "/api/tickets?q=printer", token: staffToken },
  { name: "GET /api/client/tickets (1,000)", path: "/api/client/tickets", token: clientToken },
  { name: "GET /api/tickets/{id} (12 comments)", path: `/api/tickets/${ticketId}`, token: staffToken },
  {
    name: "POST /api/tickets",
    path: "/api/tickets",
    token: staffToken,
    method: "POST",
    body: { ...staffPost, requesterName: "Bench", requesterEmail: "bench@example.test", clientId },
  },
  {
    name: "POST /api/tickets/{id}/comments",
    path: `/api/tickets/${commentTicketId}/comments`,
    token: staffToken,
    method: "POST",
    body: { content: "A comment from the benchmark.", internal: true },
  },
  { name: "GET /trpc/auth.me", path: "/trpc/auth.me", token: staffToken },
  {
    name: "GET /trpc/auth.me,tickets.list (batch)",
    path: `/trpc/auth.me,tickets.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: {} }))}`,
    token: staffToken,
  },
];

// BENCH_CALLS=auth.me,tickets runs only the calls whose name contains one of the words; "=GET /trpc/auth.me"
// only the call of exactly that name (to profile one call alone).
const only = process.env.BENCH_CALLS?.split(",");
const picked = (name: string, word: string) => (word.startsWith("=") ? name === word.slice(1) : name.includes(word));
const chosen = only ? calls.filter((call) => only.some((word) => picked(call.name, word))) : calls;

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  /** The server process's CPU time (user + system) per request, in microseconds. */
  cpuMicros: number;
}

/** A process's CPU time so far, in microseconds, from /proc (clock ticks of 10 ms). */
function cpuTime(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line; [1] above starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;
/** autocannon in a process of its own, so the load generator's CPU is not counted against either server. */
function load(server: ChildProcess, port: number, call: Call, seconds: number): Promise<Load> {
  const args = ["-c", String(CONNECTIONS), "-d", String(seconds), "-j", "-H", `authorization=Bearer ${call.token}`];
  if (call.method) args.push("-m", call.method, "-H", "content-type=application/json", "-b", JSON.stringify(call.body));
  const child = spawn(
    process.execPath,
    [join("node_modules", "autocannon", "autocannon.js"), ...args, `http://127.0.0.1:${port}${call.path}`],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  const cpuBefore = cpuTime(server.pid!);
  child.stdout.on("data", (chunk) => (out += chunk));
  return new Promise((done, fail) =>
    child.on("exit", (code) => {
      if (code !== 0) return fail(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out);
      const cpuMicros = (cpuTime(server.pid!) - cpuBefore) / result.requests.total;
      done({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, cpuMicros });
    }),
  );
}

try {
  await Promise.all([
    waitFor(`http://127.0.0.1:${oursPort}/healthz`, ours),
    waitFor(`http://127.0.0.1:${rawPort}/api/auth/me`, raw),
  ]);
  // The seed was swept already (api-data.ts): only the servers' own start-up is left to pass.
  await sleep(3000);
  const load1 = os.loadavg()[0]!;
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; ${ENGINE}, ${SECONDS} s a side, ${CONNECTIONS} connections`,
  );
  console.log("call                                    ours req/s  ours p99   raw req/s   raw p99   ratio");
  const rows: { call: string; ours: Load; raw: Load }[] = [];
  for (const [i, call] of chosen.entries()) {
    // Warm both (JIT, statement caches), then measure in alternating order.
    await load(ours, oursPort, call, 1);
    await load(raw, rawPort, call, 1);
    const measure = (side: "ours" | "raw") =>
      side === "ours" ? load(ours, oursPort, call, SECONDS) : load(raw, rawPort, call, SECONDS);
    const o = i % 2 === 0 ? await measure("ours") : undefined;
    const r = await measure("raw");
    const mine = o ?? (await measure("ours"));
    for (const [side, result] of [
      ["ours", mine],
      ["raw", r],
    ] as const)
      if (result.non2xx) throw new Error(`${call.name} (${side}): ${result.non2xx} non-2xx responses`);
    rows.push({ call: call.name, ours: mine, raw: r });
    console.log(
      `${call.name.padEnd(40)}${mine.rps.toFixed(0).padStart(10)} ${`${mine.p99} ms`.padStart(9)} ${r.rps.toFixed(0).padStart(11)} ${`${r.p99} ms`.padStart(9)} ${(mine.rps / r.rps).toFixed(2).padStart(7)}`,
    );
  }
  console.log("\nserver CPU per request (µs)           ours       raw   ours/raw");
  for (const { call, ours: o, raw: r } of rows)
    console.log(
      `${call.padEnd(40)}${o.cpuMicros.toFixed(0).padStart(4)} ${r.cpuMicros.toFixed(0).padStart(9)} ${(o.cpuMicros / r.cpuMicros).toFixed(2).padStart(10)}`,
    );
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (at start ${load1.toFixed(2)})`,
  );
} finally {
  await stop();
}
