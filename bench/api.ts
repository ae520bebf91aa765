// API benchmark (docs/performance.md): our server, built and in production mode, against two bare Hono +
// postgres.js servers on the same fresh PostgreSQL database (or all on PGlite, BENCH_DB=pglite): the replay
// (bench/raw-server.ts), running the statements ours runs, and the bare one (bench/bare-server.ts), running
// only the SQL each answer needs, written by hand, and answering byte for byte as ours does (checked first:
// the bench fails when a body differs). All are loaded by autocannon in a process of its own, one call at a
// time, the three alternated (and in rotating order), so that the machine's other load weighs on all alike.
// Prints per call each server's req/s, our p99, and the ratios ours/replay and ours/bare; then each server's
// own CPU time per request (read from /proc), which a busy machine disturbs far less than req/s: what our
// layers cost above the SQL (ours/replay) and above SQL chosen by hand (ours/bare).
//   pnpm build && pnpm bench:api          (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   DATABASE_URL=postgres://... BENCH_SECONDS=10 pnpm bench:api
//   BENCH_PROFILE=1 pnpm bench:api        (also writes a CPU profile of our server to bench/profiles/)
//   BENCH_CALLS=auth/me,trpc pnpm bench:api  (only the calls whose names contain one of these; =name: that one)
//   BENCH_DB=pglite pnpm bench:api        (all servers on PGlite, each on its own copy of the same data)
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
    bareEnv: { DATABASE_URL: database.url },
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
    bareEnv: { PGLITE_DIR: copyTo(join(dir, "bare")) },
    drop: async () => drop(),
  };
}
const ENGINE = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const data = ENGINE === "pglite" ? await onPglite() : await onPostgres();
const { ticketId, commentTicketId, clientId, staffToken, clientToken } = data;

const profileDir = process.env.BENCH_PROFILE ? join("bench", "profiles") : null;
const { child: ours, port: oursPort } = await startOurServer({ ...data.ours, profileDir });
/** A yardstick server (bench/raw-server.ts or bench/bare-server.ts) on a free port, on `env`'s database. */
async function startYardstick(script: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, port };
}
const { child: raw, port: rawPort } = await startYardstick("bench/raw-server.ts", data.rawEnv);
const { child: bare, port: barePort } = await startYardstick("bench/bare-server.ts", data.bareEnv);
const stop = async () => {
  for (const child of [ours, raw, bare]) child.kill("SIGTERM");
  await Promise.all([ours, raw, bare].map(exited));
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
  // Ours through every middleware (request log, metrics, request id, compression, security headers)
  // against a bare Hono answer: the floor under every other call (issue 45's goal: at least 0.9).
  { name: "GET /healthz", path: "/healthz", token: staffToken },
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

/** A body with its ids and timestamps masked: what two creates' answers share. */
const masked = (body: string) =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<time>");

/**
 * Each call once from ours and from the bare server: the same status and body, byte for byte (a write's with
 * its ids and timestamps masked), or the bench stops here. Reads first, so no write of the check comes
 * between two answers compared.
 */
async function checkBareAnswers() {
  const ask = async (port: number, call: Call) => {
    const response = await fetch(`http://127.0.0.1:${port}${call.path}`, {
      method: call.method ?? "GET",
      headers: {
        authorization: `Bearer ${call.token}`,
        ...(call.method ? { "content-type": "application/json" } : {}),
      },
      body: call.method ? JSON.stringify(call.body) : undefined,
    });
    return `${response.status} ${await response.text()}`;
  };
  const differing: string[] = [];
  for (const call of [...chosen.filter((c) => !c.method), ...chosen.filter((c) => c.method)]) {
    const [mine, theirs] = [await ask(oursPort, call), await ask(barePort, call)];
    const same = call.method ? masked(mine) === masked(theirs) : mine === theirs;
    if (!same) {
      const at = [...mine].findIndex((ch, i) => ch !== theirs[i]);
      differing.push(
        `${call.name}: bodies differ at character ${at}\n  ours: …${mine.slice(Math.max(0, at - 80), at + 120)}\n  bare: …${theirs.slice(Math.max(0, at - 80), at + 120)}`,
      );
    }
  }
  if (differing.length) throw new Error(`the bare server does not answer as ours does:\n${differing.join("\n")}`);
  console.log(`the bare server's answers match ours (${chosen.length} calls; writes with ids and times masked)`);
}

const pad = (value: string, width: number) => value.padStart(width);
const sides = ["ours", "replay", "bare"] as const;
type Side = (typeof sides)[number];

try {
  await Promise.all([
    waitFor(`http://127.0.0.1:${oursPort}/healthz`, ours),
    waitFor(`http://127.0.0.1:${rawPort}/api/auth/me`, raw),
    waitFor(`http://127.0.0.1:${barePort}/healthz`, bare),
  ]);
  // The seed was swept already (api-data.ts): only the servers' own start-up is left to pass.
  await sleep(3000);
  await checkBareAnswers();
  const load1 = os.loadavg()[0]!;
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; ${ENGINE}, ${SECONDS} s a side, ${CONNECTIONS} connections`,
  );
  console.log(
    `${"call".padEnd(40)}${pad("ours req/s", 11)}${pad("ours p99", 10)}${pad("replay req/s", 14)}${pad("bare req/s", 12)}${pad("ours/replay", 13)}${pad("ours/bare", 11)}`,
  );
  const servers: Record<Side, { child: ChildProcess; port: number }> = {
    ours: { child: ours, port: oursPort },
    replay: { child: raw, port: rawPort },
    bare: { child: bare, port: barePort },
  };
  const rows: { call: string; loads: Record<Side, Load> }[] = [];
  for (const [i, call] of chosen.entries()) {
    // Warm all three (JIT, statement caches), then measure in an order rotated from call to call.
    for (const side of sides) await load(servers[side].child, servers[side].port, call, 1);
    const order = sides.map((_, k) => sides[(i + k) % sides.length]!);
    const loads = {} as Record<Side, Load>;
    for (const side of order) loads[side] = await load(servers[side].child, servers[side].port, call, SECONDS);
    for (const side of sides)
      if (loads[side].non2xx) throw new Error(`${call.name} (${side}): ${loads[side].non2xx} non-2xx responses`);
    rows.push({ call: call.name, loads });
    const { ours: o, replay: r, bare: b } = loads;
    console.log(
      `${call.name.padEnd(40)}${pad(o.rps.toFixed(0), 11)}${pad(`${o.p99} ms`, 10)}${pad(r.rps.toFixed(0), 14)}${pad(b.rps.toFixed(0), 12)}${pad((o.rps / r.rps).toFixed(2), 13)}${pad((o.rps / b.rps).toFixed(2), 11)}`,
    );
  }
  console.log(
    `\n${"server CPU per request (µs)".padEnd(40)}${pad("ours", 11)}${pad("replay", 10)}${pad("bare", 14)}${pad("ours/replay", 13)}${pad("ours/bare", 11)}`,
  );
  for (const { call, loads } of rows) {
    const [o, r, b] = sides.map((side) => loads[side].cpuMicros) as [number, number, number];
    console.log(
      `${call.padEnd(40)}${pad(o.toFixed(0), 11)}${pad(r.toFixed(0), 10)}${pad(b.toFixed(0), 14)}${pad((o / r).toFixed(2), 13)}${pad((o / b).toFixed(2), 11)}`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (at start ${load1.toFixed(2)})`,
  );
} finally {
  await stop();
}
