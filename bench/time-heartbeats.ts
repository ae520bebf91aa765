// Focus heartbeats bench (docs/performance.md, issue "Time"): what 500 open, focused ticket pages cost our
// built server (production mode, fresh PostgreSQL database). 500 staff members each hold a socket and a
// ticket page in focus; each socket sends a heartbeat every 30 s, spread evenly (about 17 a second in all).
// The server's CPU time (its process's user + system time, from /proc) is read over a window of idle
// sockets (the baseline, same sockets, same run) and over a window of heartbeats of the same length; the
// difference is what the heartbeats cost, as a share of one core. Target: under 5%.
//   pnpm build && pnpm bench:heartbeats
//   BENCH_PAGES=1000 BENCH_WINDOW_S=60 pnpm bench:heartbeats
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { FOCUS_HEARTBEAT_MS } from "../packages/validators/src/time-drafts.js";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { freshDatabase } from "./fresh-database.js";
import { exited, loadAverage, startOurServer, waitFor } from "./server-process.js";

const WebSocket = createRequire(resolve("packages/api/package.json"))("ws") as typeof import("ws").default;

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 60) * 1000;
const TICKS_PER_SECOND = 100; // /proc's clock ticks (USER_HZ) on Linux

/** The process's CPU time so far, in ms (user + system). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // After the command: state is field 3, utime field 14, stime field 15 (1-based, man 5 proc).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function cpuShare(pid: number, window: () => Promise<void>): Promise<number> {
  const before = cpuMs(pid);
  const started = performance.now();
  await window();
  return (cpuMs(pid) - before) / (performance.now() - started);
}

const database = await freshDatabase(4);
let server: Awaited<ReturnType<typeof startOurServer>>["child"] | undefined;
const sockets: import("ws").default[] = [];
try {
  const { raw, handle } = database;
  const [hash] = await raw<
    { password_hash: string }[]
  >`select password_hash from users where email = 'agent@northwind.test'`;
  const staff = await raw<{ id: string }[]>`
    insert into users (id, name, email, password_hash, role)
    select gen_random_uuid(), 'Bench agent ' || n, 'bench-' || n || '@northwind.test', ${hash!.password_hash}, 'AGENT'
    from generate_series(1, ${PAGES}) as n returning id`;
  const tickets = await raw<{ id: string }[]>`select id from tickets order by created_at limit ${PAGES}`;
  const tokens: string[] = [];
  for (const { id } of staff) {
    const token = generateSessionToken();
    await createSession(handle.db, token, id);
    tokens.push(token);
  }

  const started = await startOurServer({ databaseUrl: database.url });
  server = started.child;
  await waitFor(`${started.origin}/healthz`, server);
  const wsUrl = started.origin.replace(/^http/, "ws");
  for (const token of tokens) {
    const ws = new WebSocket(`${wsUrl}/ws?token=${token}`);
    await new Promise((done, fail) => ws.once("open", done).once("error", fail));
    sockets.push(ws);
  }
  console.log(`load average ${loadAverage()}; ${PAGES} staff sockets open; windows of ${WINDOW_MS / 1000} s`);
  const pid = server.pid!;
  await sleep(2000); // the connections' own work settles

  const idle = await cpuShare(pid, () => sleep(WINDOW_MS));
  const beats = await cpuShare(pid, async () => {
    // Each page beats every FOCUS_HEARTBEAT_MS, the pages spread evenly over the interval.
    const spacing = FOCUS_HEARTBEAT_MS / PAGES;
    const begin = performance.now();
    let sent = 0;
    while (performance.now() - begin < WINDOW_MS) {
      const due = Math.floor((performance.now() - begin) / spacing);
      for (; sent <= due; sent++) {
        const page = sent % PAGES;
        sockets[page]!.send(JSON.stringify({ type: "focus", ticketId: tickets[page % tickets.length]!.id }));
      }
      await sleep(20);
    }
    console.log(`sent ${sent} heartbeats (${((sent / WINDOW_MS) * 1000).toFixed(1)}/s)`);
  });
  const [{ spans }] = await raw<{ spans: number }[]>`select count(*)::int as spans from time_focus_spans`;
  console.log(
    `server CPU, share of one core: idle sockets ${(idle * 100).toFixed(2)}%, heartbeats ${(beats * 100).toFixed(2)}%`,
  );
  console.log(
    `heartbeats cost ${((beats - idle) * 100).toFixed(2)}% of one core (target under 5%); ${spans} spans; load average ${loadAverage()}`,
  );
} finally {
  for (const ws of sockets) ws.terminate();
  server?.kill("SIGTERM");
  if (server) await exited(server);
  await database.drop();
}
