// bench:webhooks (docs/performance.md §8): ticket updates through PATCH /api/tickets/{id} at 100 a second
// (open loop, 50 tickets) against our built server (production mode, its own process, fresh PostgreSQL
// database), first with no webhook subscriptions (run A), then with 20 subscriptions to a sink in a
// process of its own (run B: 2,000 signed deliveries a second). The load generator is this process.
// Each update's latency runs from its planned instant, so time queued counts. Prints the updates'
// p50/p95 in both runs and their ratio (goal: B's p95 within 10 % of A's), deliveries a second (to the
// last arrival), the delivery lag, the check of every delivery (each row's webhook-id arrived once;
// duplicates and missing counted; every signature verified with `standardwebhooks`), the CPU each
// process spent per run, and the load average.
//   pnpm build && pnpm bench:webhooks      BENCH_SECONDS=10 BENCH_RATE=100 BENCH_SUBSCRIPTIONS=20
//   WEBHOOK_DELIVERIES=inline pnpm bench:webhooks   (the server's own setting, passed through)
//   BENCH_HOLD_DELIVERIES=1 pnpm bench:webhooks   (the delivery child paused during B's updates)
//   BENCH_PROFILE=1 pnpm bench:webhooks   (CPU profiles of the server and its delivery child to bench/profiles/)
import { fork } from "node:child_process";
import { once } from "node:events";
import { Agent, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { writeWebhookSettings } from "../packages/api/src/settings/webhooks.js";
import { newWebhookSecret } from "../packages/api/src/webhooks/subscriptions.js";
import { freshDatabase } from "./fresh-database.js";
import { backendCpuMs, childrenOf, cpuMs, exited, loadAverage, startOurServer, waitFor } from "./server-process.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 20);
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
  console.log(
    `${RATE} updates/s for ${SECONDS} s, ${SUBSCRIPTIONS} subscriptions in run B; WEBHOOK_DELIVERIES=${process.env.WEBHOOK_DELIVERIES ?? "(default)"}`,
  );
  console.log(`load average ${loadAverage()} (before A)`);
  const cpuA0 = await cpu();
  const before = await load(SECONDS);
  const cpuA1 = await cpu();
  console.log(`load average ${loadAverage()} (after A)`);

  const secrets = Array.from({ length: SUBSCRIPTIONS }, () => newWebhookSecret());
  await raw`insert into webhook_subscriptions (id, url, event_types, secret)
    select gen_random_uuid(), ${sinkUrl} || '/s' || (i - 1), array['ticket.updated'], s
    from unnest(${secrets}::text[]) with ordinality as t(s, i)`;
  sinkProcess.send({ secrets: Object.fromEntries(secrets.map((s, i) => [`/s${i}`, s])) });
  // BENCH_HOLD_DELIVERIES=1: the delivery child is stopped during B's updates, so B measures what the
  // events cost the request itself, without the sends beside it (a diagnosis, not the goal's run).
  const held = process.env.BENCH_HOLD_DELIVERIES ? childrenOf(pid) : [];
  for (const c of held) process.kill(c, "SIGSTOP");
  const cpuB0 = await cpu();
  const startedB = Date.now();
  const after = await load(SECONDS);
  for (const c of held) process.kill(c, "SIGCONT");
  const cpuB1 = await cpu();
  console.log(`load average ${loadAverage()} (after B's updates)`);
  // Overlapping updates of one ticket can leave some without a change (no event): wait for the rows
  // written, not the nominal count, once every event has been fanned out into its rows.
  const fannedOut = Date.now() + 180_000;
  while (Date.now() < fannedOut) {
    const [{ events }] = (await raw`select count(*)::int as events from webhook_events`) as [{ events: number }];
    if (events === 0) break;
    await sleep(50);
  }
  const [{ rows }] =
    (await raw`select count(*)::int as rows from http_deliveries where subscription_id is not null`) as [
      { rows: number },
    ];
  const deadline = Date.now() + 180_000;
  while ((await ask<{ count: number }>("count")).count < rows && Date.now() < deadline) await sleep(50);
  const cpuB2 = await cpu();
  const report = await ask<{
    count: number;
    last: number;
    lags: number[];
    ids: string[];
    verified: number;
    badSignatures: number;
  }>("report");
  const drainedS = (Math.max(startedB + 1, report.last) - startedB) / 1000;
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
  const missing = messageIds.filter((id) => !seen.has(id)).length;
  const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
  const unknown = [...seen.keys()].filter((id) => !messageIds.includes(id)).length;

  const p95A = p(before, 0.95);
  const p95B = p(after, 0.95);
  console.log(`A, no subscriptions:  update p50 ${ms(p(before, 0.5))}, p95 ${ms(p95A)}, max ${ms(before.at(-1)!)}`);
  console.log(
    `B, ${SUBSCRIPTIONS} subscriptions: update p50 ${ms(p(after, 0.5))}, p95 ${ms(p95B)}, max ${ms(after.at(-1)!)}`,
  );
  console.log(
    `ratio of p95s B/A: ${(p95B / p95A).toFixed(2)} (${(((p95B - p95A) / p95A) * 100).toFixed(1)} %; goal at most +10 %)`,
  );
  console.log(
    `deliveries: ${report.count} received for ${rows} rows (${RATE * SECONDS * SUBSCRIPTIONS} nominal) in ${drainedS.toFixed(1)} s = ` +
      `${Math.round(report.count / drainedS)}/s (goal ${RATE * SUBSCRIPTIONS}/s); lag p50 ${p(report.lags, 0.5)} ms, ` +
      `p95 ${p(report.lags, 0.95)} ms, max ${report.lags.at(-1)} ms`,
  );
  console.log(
    `check: ${missing} rows never arrived, ${duplicates} duplicates, ${unknown} unknown ids; ${delivered} of ${rows} rows recorded delivered; ` +
      `signatures verified ${report.verified}, bad ${report.badSignatures}`,
  );
  console.log(
    `rows by status: ${outcomes.map((o) => `${o.status} ${o.n}${o.error ? ` (${o.error.slice(0, 60)})` : ""}`).join(", ")}`,
  );
  console.log(`CPU (share of one core) during A:           ${spent(cpuA0, cpuA1)}`);
  console.log(`CPU during B's updates (to the last answer): ${spent(cpuB0, cpuB1)}`);
  console.log(`CPU from B's start to the last delivery:    ${spent(cpuB0, cpuB2)}`);
  console.log(`load average ${loadAverage()} (end)`);
} finally {
  agent.destroy();
  server?.kill("SIGTERM");
  if (server) await exited(server);
  sinkProcess.send("stop");
  await exited(sinkProcess);
  await database.drop();
}
