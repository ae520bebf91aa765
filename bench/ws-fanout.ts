// WebSocket fan-out bench (docs/performance.md): 2,000 sockets on our built server (production mode, fresh PostgreSQL
// database): staff sessions and Acme Dental's client sessions, which must get an update of an Acme ticket,
// and Birch Legal's, which must not (tenant rule). The sockets and the writes live in a process of their
// own (bench/ws-clients.ts); per event, each socket's delivery latency is timed from the write's send
// time. Prints p50/p95/p99/max per event and over all, with the load average. Target: p95 under 100 ms.
// "first" is the earliest delivery (the write's path to the bus and back through PostgreSQL's NOTIFY);
// "spread" is the rest of the fan-out, the clients' process reading 1,800 messages included. The hub
// (packages/api/src/server/ws.ts) serializes an event once and reads nothing per socket; what a fan-out
// costs is one socket write each, about 22 ms of CPU for 2,000 (ws, measured alone, 2026-11-25), so
// on a loaded machine its wall time is that times the load.
//   pnpm build && pnpm bench:ws
//   BENCH_SOCKETS=4000 BENCH_EVENTS=20 pnpm bench:ws
//   BENCH_PROFILE=1 pnpm bench:ws      (also writes a CPU profile of our server to bench/profiles/)
import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { freshDatabase } from "./fresh-database.js";
import { exited, loadAverage, startOurServer, waitFor } from "./server-process.js";
import type { EventResult, Plan } from "./ws-clients.js";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10);
const WARMUP = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [0, 50, 95, 99, 100].map((p) => percentile(sorted, p).toFixed(1).padStart(8)).join("");
};

/** The fan-out's own time: from the first socket's delivery to the last one's. */
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

const profileDir = process.env.BENCH_PROFILE ? join("bench", "profiles") : null;

const database = await freshDatabase(4);
// Dropped at the end whatever happens, seeding included.
let server: ChildProcess | undefined;
try {
  const { raw, handle } = database;
  const userId = async (email: string) =>
    (await raw<{ id: string }[]>`select id from users where email = ${email}`)[0]!.id;
  const [agent, acme, birch] = await Promise.all(
    ["agent@northwind.test", "client@acme.test", "client@birch.test"].map(userId),
  );
  const signIn = async (id: string) => {
    const token = generateSessionToken();
    await createSession(handle.db, token, id);
    return token;
  };
  // Half staff, 40% Acme's client (the ticket's company), 10% Birch's client (must receive nothing).
  const sockets: Plan["sockets"] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const kind = i % 10;
    const user = kind < 5 ? agent : kind < 9 ? acme : birch;
    sockets.push({ token: await signIn(user!), receives: user !== birch });
  }
  const [ticket] = await raw<{ id: string }[]>`
    select t.id from tickets t join clients c on c.id = t.client_id
    where c.name = 'Acme Dental' order by t.created_at desc limit 1`;

  const started = await startOurServer({ databaseUrl: database.url, profileDir });
  server = started.child;
  const { origin } = started;
  await waitFor(`${origin}/healthz`, started.child);
  const clients = fork("bench/ws-clients.ts", { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const plan: Plan = {
    origin,
    sockets,
    staffToken: await signIn(agent!),
    ticketId: ticket!.id,
    events: WARMUP + EVENTS,
  };
  const done = new Promise<{ connectMs: number; results: EventResult[] }>((resolve, reject) => {
    clients.once("message", (reply: { result?: { connectMs: number; results: EventResult[] }; error?: string }) =>
      reply.result ? resolve(reply.result) : reject(new Error(reply.error)),
    );
    clients.once("exit", (code) => reject(new Error(`the clients' process exited (${code})`)));
  });
  clients.send(plan);
  console.log(`load average ${loadAverage()}; ${SOCKETS} sockets, ${EVENTS} events`);
  const { connectMs, results } = await done;
  const receiving = sockets.filter((s) => s.receives).length;
  console.log(`connected ${SOCKETS} sockets in ${(connectMs / 1000).toFixed(1)} s; ${receiving} receive each event`);
  console.log("event  write ms   first     p50     p95     p99     max  spread  missed  leaked   load average");
  // The first events warm the server's code (JIT) and its statements: shown, not counted in "all".
  for (const [i, r] of results.entries())
    console.log(
      `${i < WARMUP ? " warm" : String(i + 1 - WARMUP).padStart(5)}  ${r.writeMs.toFixed(1).padStart(8)}${summary(r.latencies)}${spread(r.latencies).toFixed(1).padStart(8)}  ${String(r.missed).padStart(6)}  ${String(r.leaked).padStart(6)}   ${loadAverage()}`,
    );
  const all = results.slice(WARMUP).flatMap((r) => r.latencies);
  const spreads = results.slice(WARMUP).map((r) => spread(r.latencies));
  console.log(
    `  all  ${"".padStart(8)}${summary(all)}${summary(spreads).slice(8 * 4)}  (ms from the write's send time, ${all.length} deliveries; spread: max)`,
  );
  const leaked = results.reduce((n, r) => n + r.leaked, 0);
  if (leaked) throw new Error(`${leaked} deliveries reached sockets of another company`);
} finally {
  server?.kill("SIGTERM");
  if (server) await exited(server);
  await database.drop();
}
