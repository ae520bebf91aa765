// Device check-ins at fleet scale (docs/performance.md, issue 40): 30,000 devices, each checking in daily,
// arrive at 10,000 a minute in bursts, against our built server (production mode, fresh PostgreSQL
// database). The fleet is spread over companies with a token each, so no token passes its 3,000 a minute;
// half the serials are known (typed in or checked in before), the others new, picked in random order.
// Open loop: every check-in leaves at its planned instant whether or not earlier ones have been answered,
// as independent machines do; its latency runs from that instant, so time waiting in a queue counts.
// Arrivals: a burst every BENCH_BURST_S seconds holding that period's share of the rate, its check-ins
// spread evenly over the burst's first BENCH_SPREAD_MS (a fleet switched on at 9:00 is not one instant).
// BENCH_KNOWN=checked-in: every device is known and checked in yesterday with the facts it reports now
// (a fleet's daily check-in: each one an update that leaves the row's indexed values as they are).
// Reports p50/p95/p99, the achieved rate, the errors by status, the server's RSS at start, middle and
// end, the CPU a check-in costs the server and the database's backends serving it, how many device
// updates were HOT (in place, no index written), and the load average. Target: p95 under 50 ms at
// 10,000 a minute, RSS flat.
//   pnpm build && pnpm bench:checkin
//   BENCH_RATE=20000 BENCH_SECONDS=60 BENCH_BURST_S=5 BENCH_SPREAD_MS=1000 pnpm bench:checkin
//   BENCH_PROFILE=1 pnpm bench:checkin   (the server's CPU profile to bench/profiles/)
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { hashSecret } from "../packages/api/src/auth/session.js";
import { freshDatabase, postgres } from "./fresh-database.js";
import { backendCpuMs, cpuMs, exited, loadAverage, startOurServer, waitFor } from "./server-process.js";

const FLEET = Number(process.env.BENCH_DEVICES ?? 30_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 60);
const RATE_PER_MIN = Number(process.env.BENCH_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
const BURST_MS = Number(process.env.BENCH_BURST_S ?? 3) * 1000;
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1000);
const CHECKED_IN_BEFORE = process.env.BENCH_KNOWN === "checked-in";
const WARMUP = 300; // check-ins before the timed run, so the server's code and statements are warm

interface Device {
  serial: string;
  token: string;
}

/** The updates of device rows so far, and how many of them were HOT (PostgreSQL's statistics). */
async function deviceUpdates(raw: Awaited<ReturnType<typeof freshDatabase>>["raw"]) {
  const [row] = await raw<{ updated: number; hot: number }[]>`
    select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'devices'`;
  return row!;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/** The server's resident set, from /proc (what the machine gives it, not just the JavaScript heap). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** A check-in's payload (docs/features.md §12), compliant so that it opens no ticket. */
function payload(serial: string, n: number): string {
  return JSON.stringify(facts(serial, n));
}

function facts(serial: string, n: number) {
  const recently = new Date(Date.now() - 3 * 86_400_000).toISOString();
  return {
    hostname: `ws-${serial.toLowerCase()}`,
    serial,
    manufacturer: "LENOVO",
    model: "ThinkPad T14 Gen 4",
    os: "Microsoft Windows 11 Pro",
    osBuild: "22631.4460",
    lastBoot: recently,
    signedInUser: `CORP\\user${n % 500}`,
    encryption: { kind: "BitLocker", enabled: true },
    antivirus: { name: "Microsoft Defender", enabled: true, signatureAgeDays: n % 3 },
    lastUpdateAt: recently,
    diskTotalBytes: 512_000_000_000,
    diskFreeBytes: 100_000_000_000 + (n % 1000) * 100_000_000,
    ipAddresses: [`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, "fe80::1"],
  };
}

// One keep-alive pool, as wide as a burst may need: a socket per check-in in flight. An idle socket is
// dropped after 4 s, before the server's 5 s keep-alive timeout closes it from its end: a request sent on
// a socket the server is closing at that instant would be reset, a fault of the bench's pool, not the
// server's.
const agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: 4_000 });
/** Connection errors by code (ECONNRESET, ...), printed with the statuses. */
const connectionErrors = new Map<string, number>();

/** Sends one check-in; resolves with its status (0 for a connection error) when the answer has been read. */
function send(origin: string, device: Device, n: number): Promise<number> {
  const body = payload(device.serial, n);
  return new Promise((done) => {
    const req = request(
      `${origin}/api/devices/checkin`,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${device.token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      connectionErrors.set(code, (connectionErrors.get(code) ?? 0) + 1);
      done(0);
    });
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const database = await freshDatabase(4);
let server: Awaited<ReturnType<typeof startOurServer>>["child"] | undefined;
try {
  const { raw } = database;
  // Companies, each with a contact address (as a real one has) and one enrolment token.
  const companies = await raw<{ id: string }[]>`
    insert into clients (id, name, contact_email)
    select gen_random_uuid(), 'Fleet company ' || lpad(n::text, 3, '0'), 'it-' || n || '@fleet.example'
    from generate_series(1, ${COMPANIES}) as n returning id`;
  const tokens = companies.map((_, i) => `ckin_bench_${i}_${Math.random().toString(36).slice(2)}`);
  await raw`insert into device_enrolment_tokens (id, client_id, label, secret_hash)
    select gen_random_uuid(), c, 'Bench fleet', h
    from unnest(${companies.map((c) => c.id)}::uuid[], ${tokens.map(hashSecret)}::text[]) as t(c, h)`;
  // The fleet: device i belongs to company i % COMPANIES; the even ones are known already (all of them
  // when they checked in yesterday).
  const fleet: Device[] = Array.from({ length: FLEET }, (_, i) => ({
    serial: `BENCH${String(i).padStart(6, "0")}`,
    token: tokens[i % COMPANIES]!,
  }));
  await raw`insert into devices (id, client_id, serial_number, model, status, platform, last_check_in)
    select gen_random_uuid(), (${companies.map((c) => c.id)}::uuid[])[1 + i % ${COMPANIES}],
           'BENCH' || lpad(i::text, 6, '0'), 'ThinkPad T14', 'IN_USE', 'Windows', now() - interval '1 day'
    from generate_series(0, ${FLEET - 1}::int, ${CHECKED_IN_BEFORE ? 1 : 2}) as i`;
  if (CHECKED_IN_BEFORE) {
    // Yesterday's check-in: the columns its facts set, as they will set them again (`factColumns` of
    // @repo/validators: manufacturer and model, the signed-in user, the encryption), and the facts. On a
    // connection of its own that ends here, so that its count of updates is in the statistics before the
    // run's are counted.
    const seeding = postgres(database.url, { max: 1, onnotice: () => {} });
    const { manufacturer, model } = facts("", 0);
    await seeding`update devices set model = ${`${manufacturer} ${model}`}, encryption_enabled = true,
      assigned_user = 'CORP\\user' || (substr(serial_number, 6)::int % 500),
      facts = ${seeding.json(facts("BENCH000000", 0))}, facts_at = last_check_in
      where serial_number like 'BENCH%'`;
    await seeding.end();
  }
  await raw`vacuum analyze`;
  const updatesBefore = await deviceUpdates(raw);

  // Each device checks in once, in random order: new and known serials mixed as they come.
  const order = fleet.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const total = Math.min(FLEET - WARMUP, Math.round((RATE_PER_MIN / 60) * SECONDS));

  const started = await startOurServer({
    databaseUrl: database.url,
    profileDir: process.env.BENCH_PROFILE ? "bench/profiles" : null,
  });
  server = started.child;
  await waitFor(`${started.origin}/healthz`, server);
  const pid = server.pid!;
  for (let i = 0; i < WARMUP; i += 20) {
    await Promise.all(order.slice(i, i + 20).map((d) => send(started.origin, fleet[d]!, d)));
  }
  await sleep(1000);
  const run = order.slice(WARMUP, WARMUP + total);
  console.log(
    `load average ${loadAverage()}; ${FLEET} devices over ${COMPANIES} companies; ${total} check-ins at ${RATE_PER_MIN}/min ` +
      `in bursts of ${Math.round((RATE_PER_MIN / 60_000) * BURST_MS)} every ${BURST_MS / 1000} s, each spread over ${SPREAD_MS} ms`,
  );

  const memory = { start: rss(pid), middle: 0, end: 0, peak: 0 };
  // CPU per check-in: what the load cannot hide, where latency on a busy machine is mostly waiting.
  const cpuBefore = cpuMs(pid);
  const backendsBefore = await backendCpuMs(raw);
  const sampler = setInterval(() => {
    memory.peak = Math.max(memory.peak, rss(pid));
  }, 250);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  const perBurst = (RATE_PER_MIN / 60_000) * BURST_MS;
  const begin = performance.now();
  let sent = 0;
  let middleTaken = false;
  // Check-in k is due at its burst's start plus its place within the burst's spread.
  const dueAt = (k: number) => Math.floor(k / perBurst) * BURST_MS + ((k % perBurst) / perBurst) * SPREAD_MS;
  while (sent < run.length) {
    const now = performance.now() - begin;
    for (; sent < run.length && dueAt(sent) <= now; sent++) {
      const device = run[sent]!;
      const due = dueAt(sent);
      inFlight.push(
        send(started.origin, fleet[device]!, device).then((status) => {
          latencies.push(performance.now() - begin - due);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
      );
    }
    if (!middleTaken && sent >= run.length / 2) {
      memory.middle = rss(pid);
      middleTaken = true;
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  const elapsed = performance.now() - begin;
  clearInterval(sampler);
  memory.end = rss(pid);
  const cpuPerCheckin = (cpuMs(pid) - cpuBefore) / run.length;
  const backendsAfter = await backendCpuMs(raw);
  const backendMs = [...backendsAfter].reduce((sum, [p, ms]) => sum + ms - (backendsBefore.get(p) ?? 0), 0);

  const sorted = [...latencies].sort((a, b) => a - b);
  const ok = (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0);
  const errors = [...statuses].filter(([s]) => s !== 200 && s !== 201);
  const [{ devices, created }] = await raw<{ devices: number; created: number }[]>`
    select count(*)::int as devices, count(*) filter (where needs_review)::int as created from devices
    where serial_number like 'BENCH%'`;
  const p95 = percentile(sorted, 95);
  console.log(
    `latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${p95.toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, ` +
      `max ${sorted.at(-1)!.toFixed(1)} (${p95 < 50 ? "under" : "OVER"} 50 ms at p95)`,
  );
  console.log(
    `achieved ${((ok / elapsed) * 60_000).toFixed(0)}/min (${ok} answered 200/201 in ${(elapsed / 1000).toFixed(1)} s); ` +
      `errors ${errors.length === 0 ? "none" : errors.map(([s, n]) => `${n} × ${s || `connection (${[...connectionErrors].map(([c, k]) => `${k} ${c}`).join(", ")})`}`).join(", ")}; ` +
      `devices now ${devices} (${created} added by check-ins)`,
  );
  console.log(
    `server CPU ${cpuPerCheckin.toFixed(2)} ms a check-in (${((cpuPerCheckin * RATE_PER_MIN) / 600).toFixed(0)}% of one core at ${RATE_PER_MIN}/min); ` +
      `its PostgreSQL backends ${(backendMs / run.length).toFixed(2)} ms (${backendsAfter.size} connections)`,
  );
  console.log(
    `server RSS: start ${mb(memory.start)}, middle ${mb(memory.middle)}, end ${mb(memory.end)}, peak ${mb(memory.peak)}`,
  );
  // The server's backends report their table counts when they end: stop it first.
  server.kill("SIGTERM");
  await exited(server);
  const updates = await deviceUpdates(raw);
  console.log(
    `device updates (warm-up included): ${updates.updated - updatesBefore.updated}, ` +
      `of which HOT (in place, no index written) ${updates.hot - updatesBefore.hot}`,
  );
  console.log(`load average ${loadAverage()}`);
} finally {
  agent.destroy();
  server?.kill("SIGTERM");
  if (server) await exited(server);
  await database.drop();
}
