// bench:webhooks (docs/performance.md): ticket updates through the REST API at 100 a second, first with
// no webhook subscriptions, then with 20 subscriptions to a sink on this machine (2,000 signed deliveries
// a second). Reports the updates' p95 in both runs (goal: within 10 %), the delivery rate and lag, and
// the load average. PostgreSQL by default (TEST_DATABASE_URL, or the local server).
//   pnpm bench:webhooks            BENCH_SECONDS=10 BENCH_RATE=100 BENCH_SUBSCRIPTIONS=20
import { fork } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import { count, httpDeliveries, webhookSubscriptions } from "@repo/db";
import { configureLogging } from "../packages/api/src/logger.js";
import { startTestServer } from "../packages/api/src/test/harness.js";
import { demoCompanies, signIn, AGENT } from "../packages/api/src/test/fixtures.js";
import { createDeliveryWorker } from "../packages/api/src/webhooks/delivery-worker.js";
import { newWebhookSecret } from "../packages/api/src/webhooks/subscriptions.js";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 20);

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

configureLogging({ level: "warn" });
const server = await startTestServer({ config: { NODE_ENV: "test" } });
const tokens = await signIn(server, [AGENT]);
const { acme } = await demoCompanies(server);
// The sink runs in its own process (bench/webhook-sink.ts), as a receiver would.
const sinkProcess = fork("bench/webhook-sink.ts", { execArgv: ["--import", "tsx"], stdio: "inherit" });
const ask = async <T>(question: string): Promise<T> => {
  const answer = once(sinkProcess, "message");
  sinkProcess.send(question);
  return (await answer)[0] as T;
};
const [{ url: sinkUrl }] = (await once(sinkProcess, "message")) as [{ url: string }];

/** A ticket per concurrent slot, so that updates do not queue on one row's lock. */
async function tickets(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await server.request("/api/tickets", {
      method: "POST",
      token: tokens[AGENT],
      json: {
        title: `Bench ${i}`,
        description: "Fan-out bench",
        type: "INCIDENT",
        priority: "P3",
        requesterName: "Bench",
        requesterEmail: "bench@acme.test",
        clientId: acme,
        assigneeId: "",
        tags: [],
      },
    });
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** RATE updates a second for SECONDS, open loop: each request's own latency, in ms. */
async function load(ids: string[]): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = RATE * SECONDS;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      (async () => {
        const t = performance.now();
        const res = await server.request(`/api/tickets/${ids[i % ids.length]}`, {
          method: "PATCH",
          token: tokens[AGENT],
          // Each pass over the tickets flips their priority, so every update is a change (and an event).
          json: { priority: Math.floor(i / ids.length) % 2 ? "P3" : "P2" },
        });
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`update answered ${res.status}`);
        latencies.push(performance.now() - t);
      })(),
    );
  }
  await Promise.all(pending);
  return latencies.sort((a, b) => a - b);
}

const ids = await tickets(50);
// Warm-up, then the run without subscriptions.
await load(ids.slice(0, 10));
const before = await load(ids);
const loadBefore = os.loadavg()[0]!;

await server.services.db.insert(webhookSubscriptions).values(
  Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({
    url: `${sinkUrl}/s${i}`,
    eventTypes: ["ticket.updated"],
    secret: newWebhookSecret(),
  })),
);
// Two workers, as two server instances would run.
const workers = [0, 1].map(() =>
  createDeliveryWorker({ db: server.services.db, production: false, pollMs: 100, batchSize: 200, log: console.error }),
);
for (const w of workers) w.start();
const started = Date.now();
const after = await load(ids);
const loadDuring = os.loadavg()[0]!;
const expected = RATE * SECONDS * SUBSCRIPTIONS;
// Overlapping updates of one ticket can leave some without a change (no event): wait for the rows that
// were written, not the nominal count, or the rate below would include a wait for deliveries never due.
const [{ n: rows }] = (await server.services.db.select({ n: count() }).from(httpDeliveries)) as [{ n: number }];
const deadline = Date.now() + 120_000;
while ((await ask<{ count: number }>("count")).count < rows && Date.now() < deadline) await sleep(20);
for (const w of workers) await w.stop();
const { count: received, last, lags } = await ask<{ count: number; last: number; lags: number[] }>("report");
// The rate runs to the last delivery's arrival, not to when this loop noticed it.
const drained = Math.max(started + 1, last);

const p95Before = p(before, 0.95);
const p95After = p(after, 0.95);
console.log(
  `Database: ${server.services.database.kind}; ${RATE} updates/s for ${SECONDS} s; ${os.cpus().length} cores`,
);
console.log(
  `Update p95 without subscriptions: ${p95Before.toFixed(1)} ms (p50 ${p(before, 0.5).toFixed(1)} ms), load ${loadBefore.toFixed(2)}`,
);
console.log(
  `Update p95 with ${SUBSCRIPTIONS} subscriptions:  ${p95After.toFixed(1)} ms (p50 ${p(after, 0.5).toFixed(1)} ms), load ${loadDuring.toFixed(2)}`,
);
console.log(
  `Ratio with/without: ${(p95After / p95Before).toFixed(2)} (${(((p95After - p95Before) / p95Before) * 100).toFixed(1)} %; goal at most +10 %)`,
);
console.log(
  `Deliveries: ${received} of ${expected} (${rows} rows) in ${((drained - started) / 1000).toFixed(1)} s = ${Math.round(received / ((drained - started) / 1000))}/s (goal ${RATE * SUBSCRIPTIONS}/s); lag p50 ${p(lags, 0.5)} ms, p95 ${p(lags, 0.95)} ms, max ${lags.at(-1)} ms`,
);
sinkProcess.send("stop");
await once(sinkProcess, "exit");
await server.close();
process.exit(0);
