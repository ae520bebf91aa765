// bench:webhooks (docs/performance.md §8): ticket updates through PATCH /api/tickets/{id} at 100 a second
// (open loop, 50 tickets) against our built server (production mode, its own process, fresh PostgreSQL
// database), in run A with the webhook subscriptions turned off and in run B with 20 of them on, to a
// sink in a process of its own (2,000 signed deliveries a second). The two runs are interleaved in
// segments (A B B A A B for three rounds), each B segment's deliveries drained before the next segment, so
// that both runs see the same machine. The load generator is this process. Each update's latency runs
// from its planned instant, so time queued counts. Prints the updates' p50/p95 in both runs (and each
// segment's p95) and their ratio (goal: B's p95 within 10 % of A's), deliveries a second (B's segments to
// their last arrival), the delivery lag, the check of every delivery (each row's webhook-id arrived once;
// duplicates and missing counted; every signature verified with `standardwebhooks`), the CPU each process
// spent per run, and the load average.
//   pnpm build && pnpm bench:webhooks      BENCH_SECONDS=30 (a run) BENCH_ROUNDS=3 BENCH_RATE=100 BENCH_SUBSCRIPTIONS=20
//   WEBHOOK_DELIVERIES=inline pnpm bench:webhooks   (the server's own setting, passed through)
//   BENCH_HOLD_DELIVERIES=1 pnpm bench:webhooks   (the delivery child paused during B's updates)
//   BENCH_PROFILE=1 pnpm bench:webhooks   (CPU profiles of the server and its delivery child to bench/profiles/)
import { fork } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import { Agent, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { writeWebhookSettings } from "../packages/api/src/settings/webhooks.js";
import { newWebhookSecret } from "../packages/api/src/webhooks/subscriptions.js";
import { freshDatabase } from "./fresh-database.js";
import { backendCpuMs, childrenOf, cpuMs, exited, loadAverage, startOurServer, waitFor } from "./server-process.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKETS = 50;

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
/** One request to our server; resolves with the status and the body once read. */
function call(origin: string, method: string, path: string, token: string, json: unknown) {
  const body = JSON.stringify(json);
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

const database = await freshDatabase(4);
const { raw } = database;
let server: Awaited<ReturnType<typeof startOurServer>>["child"] | undefined;
const sinkProcess = fork("bench/webhook-sink.ts", { execArgv: ["--import", "tsx"], stdio: "inherit" });
// BENCH_SINK_NICE=19: the sink stands for receivers on other machines; at the lowest priority its CPU
// here is taken only from what the processes under measurement leave.
const SINK_NICE = Number(process.env.BENCH_SINK_NICE ?? 0);
if (SINK_NICE) sinkProcess.once("spawn", () => os.setPriority(sinkProcess.pid!, SINK_NICE));
try {
  const ask = async <T>(question: unknown): Promise<T> => {
    const answer = once(sinkProcess, "message");
    sinkProcess.send(question as string);
    return (await answer)[0] as T;
  };
  const [{ url: sinkUrl }] = (await once(sinkProcess, "message")) as [{ url: string }];
  const [{ id: agentId }] = (await raw`select id from users where email = 'agent@northwind.test'`) as [{ id: string }];
  const [{ id: acme }] = (await raw`select id from clients where name = 'Acme Dental'`) as [{ id: string }];
  const token = generateSessionToken();
  await createSession(database.handle.db, token, agentId);
  // The sink is on loopback, which production refuses unless an admin allows private targets.
  await writeWebhookSettings(database.handle.db, { allowPrivateTargets: true });

  const started = await startOurServer({
    databaseUrl: database.url,
    profileDir: process.env.BENCH_PROFILE ? "bench/profiles" : null,
  });
  server = started.child;
  const { origin } = started;
  await waitFor(`${origin}/healthz`, server);
  const pid = server.pid!;

  const ids: string[] = [];
  for (let i = 0; i < TICKETS; i++) {
    const res = await call(origin, "POST", "/api/tickets", token, {
      title: `Bench ${i}`,
      description: "Fan-out bench",
      type: "INCIDENT",
      priority: "P3",
      requesterName: "Bench",
      requesterEmail: "bench@acme.test",
      clientId: acme,
      assigneeId: "",
      tags: [],
    });
    if (res.status >= 300) throw new Error(`POST /api/tickets: ${res.status} ${res.text}`);
    ids.push((JSON.parse(res.text) as { id: string }).id);
  }

  /** The CPU each process has used so far, in ms: the server, its children, the sink, this one, PostgreSQL. */
  const cpu = async () => ({
    at: performance.now(),
    server: cpuMs(pid),
    children: childrenOf(pid).reduce((sum, c) => sum + cpuMs(c), 0),
    sink: cpuMs(sinkProcess.pid!),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    postgres: [...(await backendCpuMs(raw)).values()].reduce((a, b) => a + b, 0),
    wal: Number(((await raw`select pg_current_wal_lsn() - '0/0'::pg_lsn as bytes`) as [{ bytes: string }])[0].bytes),
  });
  /** Each process's CPU between two readings, as a share of one core over the wall time between them. */
  const spent = (a: Awaited<ReturnType<typeof cpu>>, b: Awaited<ReturnType<typeof cpu>>) =>
    `${(Object.keys(a) as (keyof typeof a)[])
      .filter((k) => k !== "at" && k !== "wal")
      .map((k) => `${k} ${(((b[k] - a[k]) / (b.at - a.at)) * 100).toFixed(0)} %`)
      .join(", ")}; WAL ${((b.wal - a.wal) / 2 ** 20).toFixed(1)} MiB (${((b.at - a.at) / 1000).toFixed(1)} s)`;

  /** RATE updates a second for `seconds`, open loop: each one's latency from its planned instant, sorted. */
  let pass = 0;
  async function load(seconds: number): Promise<number[]> {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const begin = performance.now();
    const total = RATE * seconds;
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      // Each pass over the tickets flips their priority, so every update is a change (and an event).
      const n = pass++;
      const priority = Math.floor(n / TICKETS) % 2 ? "P3" : "P2";
      pending.push(
        call(origin, "PATCH", `/api/tickets/${ids[n % TICKETS]}`, token, { priority }).then((res) => {
          if (res.status >= 300) throw new Error(`PATCH: ${res.status} ${res.text}`);
          latencies.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(pending);
    return latencies.sort((a, b) => a - b);
  }

  await load(3); // warm-up: the server's code and statements
  await sleep(500);

  // The subscriptions exist from the start; run A's segments turn them off (an event no enabled
  // subscription asks for is not written, as with none at all), run B's turn them on.
  const secrets = Array.from({ length: SUBSCRIPTIONS }, () => newWebhookSecret());
  await raw`insert into webhook_subscriptions (id, url, event_types, secret, enabled)
    select gen_random_uuid(), ${sinkUrl} || '/s' || (i - 1), array['ticket.updated'], s, false
    from unnest(${secrets}::text[]) with ordinality as t(s, i)`;
  sinkProcess.send({ secrets: Object.fromEntries(secrets.map((s, i) => [`/s${i}`, s])) });
  const countRows = async () =>
    (
      (await raw`select count(*)::int as rows from http_deliveries where subscription_id is not null`) as [
        { rows: number },
      ]
    )[0].rows;
  /** Waits until every event is fanned out and every row written so far has arrived; the last arrival. */
  async function drained(): Promise<void> {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const [{ events }] = (await raw`select count(*)::int as events from webhook_events`) as [{ events: number }];
      if (events === 0 && (await ask<{ count: number }>("count")).count >= (await countRows())) return;
      await sleep(50);
    }
    throw new Error("deliveries did not drain within 180 s");
  }

  // Run B's own warm-up: the delivery child's statements, its connections to the sink.
  await raw`update webhook_subscriptions set enabled = true`;
  await load(3);
  await drained();
  await raw`update webhook_subscriptions set enabled = false`;
  await sleep(500);

  // Run A and run B in ROUNDS segments each, interleaved A B B A A B …, so that both runs see the same
  // machine: a quiet minute, a checkpoint or autovacuum falls on both rather than on one of them.
  const segment = SECONDS / ROUNDS;
  const order = Array.from({ length: ROUNDS }, (_, r) => (r % 2 === 0 ? ["A", "B"] : ["B", "A"])).flat();
  console.log(
    `${RATE} updates/s, ${SECONDS} s a run in ${ROUNDS} segments of ${segment} s (${order.join(" ")}), ` +
      `${SUBSCRIPTIONS} subscriptions in run B; sink niceness ${SINK_NICE}; WEBHOOK_DELIVERIES=${process.env.WEBHOOK_DELIVERIES ?? "(default)"}`,
  );
  type Reading = Awaited<ReturnType<typeof cpu>>;
  const zero = (): Reading => ({ at: 0, server: 0, children: 0, sink: 0, bench: 0, postgres: 0, wal: 0 });
  const add = (sum: Reading, a: Reading, b: Reading) => {
    for (const k of Object.keys(sum) as (keyof Reading)[]) sum[k] += b[k] - a[k];
  };
  const latencies = { A: [] as number[], B: [] as number[] };
  const cpuUpdates = { A: zero(), B: zero() };
  const cpuToLast = zero();
  const segmentP95 = { A: [] as number[], B: [] as number[] };
  let deliveringS = 0;
  let deliveredInB = 0;
  for (const run of order as ("A" | "B")[]) {
    if (run === "B") await raw`update webhook_subscriptions set enabled = true`;
    // BENCH_HOLD_DELIVERIES=1: the delivery child is stopped during B's updates, so B measures what the
    // events cost the request itself, without the sends beside it (a diagnosis, not the goal's run).
    const held = run === "B" && process.env.BENCH_HOLD_DELIVERIES ? childrenOf(pid) : [];
    for (const c of held) process.kill(c, "SIGSTOP");
    const before = await cpu();
    const { count: receivedBefore } = await ask<{ count: number }>("count");
    const took = await load(segment);
    const after = await cpu();
    for (const c of held) process.kill(c, "SIGCONT");
    add(cpuUpdates[run], before, after);
    latencies[run].push(...took);
    segmentP95[run].push(p(took, 0.95));
    if (run === "B") {
      // Every delivery of this segment arrives before A's next segment starts, with the subscriptions still
      // on (a turned-off subscription's deliveries wait); the time to the last one counts as B's.
      await drained();
      const last = await cpu();
      add(cpuToLast, before, last);
      const { count } = await ask<{ count: number }>("count");
      if (count === receivedBefore) throw new Error("run B delivered nothing");
      deliveredInB += count - receivedBefore;
      deliveringS += (last.at - before.at) / 1000;
      await raw`update webhook_subscriptions set enabled = false`;
    }
    console.log(`  ${run}: p95 ${ms(p(took, 0.95))}, load average ${loadAverage()}`);
  }
  const rows = await countRows();
  const report = await ask<{
    count: number;
    lags: number[];
    ids: string[];
    verified: number;
    badSignatures: number;
  }>("report");
  await sleep(1000); // the last batch's outcome is recorded after its answers
  const messageIds = (
    (await raw`select message_id from http_deliveries where subscription_id is not null`) as { message_id: string }[]
  ).map((r) => r.message_id);
  const [{ delivered }] = (await raw`
    select count(*)::int as delivered from http_deliveries where subscription_id is not null and status = 'delivered'`) as [
    { delivered: number },
  ];
  // Rows not delivered: a send whose answer this side did not read in time is retried later (a duplicate).
  const outcomes = (await raw`
    select status, count(*)::int as n, min(last_error) as error from http_deliveries
    where subscription_id is not null group by status order by status`) as {
    status: string;
    n: number;
    error: string | null;
  }[];
  const seen = new Map<string, number>();
  for (const id of report.ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const known = new Set(messageIds);
  const missing = messageIds.filter((id) => !seen.has(id)).length;
  const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
  const unknown = [...seen.keys()].filter((id) => !known.has(id)).length;

  const before = latencies.A.sort((a, b) => a - b);
  const after = latencies.B.sort((a, b) => a - b);
  const p95A = p(before, 0.95);
  const p95B = p(after, 0.95);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(", ");
  console.log(`A, no subscriptions:  update p50 ${ms(p(before, 0.5))}, p95 ${ms(p95A)}, max ${ms(before.at(-1)!)}`);
  console.log(
    `B, ${SUBSCRIPTIONS} subscriptions: update p50 ${ms(p(after, 0.5))}, p95 ${ms(p95B)}, max ${ms(after.at(-1)!)}`,
  );
  console.log(`segments' p95s (ms): A ${list(segmentP95.A)}; B ${list(segmentP95.B)}`);
  console.log(
    `ratio of p95s B/A: ${(p95B / p95A).toFixed(2)} (${(((p95B - p95A) / p95A) * 100).toFixed(1)} %; goal at most +10 %)`,
  );
  console.log(
    `deliveries: ${report.count} received for ${rows} rows (${RATE * SECONDS * SUBSCRIPTIONS} nominal in B, the rest its warm-up); ` +
      `${deliveredInB} in ${deliveringS.toFixed(1)} s ` +
      `of B's segments to their last arrival = ${Math.round(deliveredInB / deliveringS)}/s (goal ${RATE * SUBSCRIPTIONS}/s); ` +
      `lag p50 ${p(report.lags, 0.5)} ms, p95 ${p(report.lags, 0.95)} ms, max ${report.lags.at(-1)} ms`,
  );
  console.log(
    `check: ${missing} rows never arrived, ${duplicates} duplicates, ${unknown} unknown ids; ${delivered} of ${rows} rows recorded delivered; ` +
      `signatures verified ${report.verified}, bad ${report.badSignatures}`,
  );
  console.log(
    `rows by status: ${outcomes.map((o) => `${o.status} ${o.n}${o.error ? ` (${o.error.slice(0, 60)})` : ""}`).join(", ")}`,
  );
  const spentSum = (r: Reading) => spent(zero(), r);
  console.log(`CPU (share of one core) during A's updates:  ${spentSum(cpuUpdates.A)}`);
  console.log(`CPU during B's updates:                      ${spentSum(cpuUpdates.B)}`);
  console.log(`CPU from each B segment's start to its last delivery: ${spentSum(cpuToLast)}`);
  console.log(`load average ${loadAverage()} (end)`);
} finally {
  agent.destroy();
  server?.kill("SIGTERM");
  if (server) await exited(server);
  sinkProcess.send("stop");
  await exited(sinkProcess);
  await database.drop();
}
