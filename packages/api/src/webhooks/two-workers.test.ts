// Two delivery workers, as two server instances with their own connection pools, drain one queue on one
// PostgreSQL database at the same time: in a run without failures every delivery reaches the receiver
// exactly once. Needs real row locks, so it runs on PostgreSQL (TEST_DATABASE_URL, or the local one).
import { afterAll, beforeAll, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  createDatabase,
  eq,
  httpDeliveries,
  sql,
  webhookEvents,
  webhookSubscriptions,
  type DatabaseHandle,
} from "@repo/db";
import { scratchPostgres } from "../test/scratch-postgres.js";
import { claimDue, createDeliveryWorker } from "./delivery-worker.js";
import { emitWebhookEvent } from "./events.js";
import { newWebhookSecret } from "./subscriptions.js";
import { startWebhookSink, type WebhookSink } from "./test-sink.js";

let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
let instanceA: DatabaseHandle;
let instanceB: DatabaseHandle;
let sink: WebhookSink;

beforeAll(async () => {
  scratch = await scratchPostgres("nw_hooks");
  instanceA = await createDatabase({ url: scratch.url, maxConnections: 4 });
  instanceB = await createDatabase({ url: scratch.url, maxConnections: 4, migrate: false });
  sink = await startWebhookSink();
});
afterAll(async () => {
  await instanceA?.close();
  await instanceB?.close();
  await sink?.stop();
  await scratch?.drop();
});

it("two instances draining one queue deliver every event once per subscription", async () => {
  const secrets = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
  await instanceA.db
    .insert(webhookSubscriptions)
    .values(secrets.map((secret, i) => ({ url: `${sink.url}/s${i}`, eventTypes: ["ticket.updated"], secret })));
  const events = 40;
  for (let i = 0; i < events; i++)
    await instanceA.db.transaction((tx) => emitWebhookEvent(tx, "ticket.updated", { n: i }));
  const total = events * secrets.length;
  // One row per event, however many subscriptions: the workers fan them out.
  expect(await instanceA.db.$count(webhookEvents)).toBe(events);
  expect(await instanceA.db.$count(httpDeliveries)).toBe(0);

  // Small batches, so the two instances interleave their claims many times; each is also asked twice.
  const workers = [instanceA, instanceB].map((instance) =>
    createDeliveryWorker({ db: instance.db, production: false, batchSize: 7, log: () => {} }),
  );
  const results = await Promise.all(workers.flatMap((w) => [w.drainOnce(), w.drainOnce()]));
  for (const w of workers) await w.stop();

  expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(total);
  expect(results.every((r) => r.retried === 0 && r.dead === 0)).toBe(true);
  expect(sink.received).toHaveLength(total);
  expect(new Set(sink.received.map((r) => r.headers["webhook-id"])).size).toBe(total);
  // Each receiver got each event once, signed with its own secret.
  for (const [i, secret] of secrets.entries()) {
    const mine = sink.received.filter((r) => r.path === `/s${i}`);
    const seen = mine.map(
      (r) =>
        (new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { data: { n: number } }).data.n,
    );
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(events).keys()]);
  }
  const rows = await instanceB.db.select().from(httpDeliveries);
  expect(rows).toHaveLength(total);
  expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  expect(await instanceA.db.$count(webhookEvents)).toBe(0);
});

it("a claim takes one batch of a long queue, however the planner joins it", async () => {
  await instanceA.db.delete(httpDeliveries);
  await instanceA.db.execute(sql`analyze http_deliveries`);
  const [subscription] = await instanceA.db
    .insert(webhookSubscriptions)
    .values({ url: `${sink.url}/long`, eventTypes: ["ticket.created"], secret: newWebhookSecret() })
    .returning();
  // A queue far longer than the table's statistics say (taken when it was empty): planned as a
  // semi-join, the locking subquery ran again per row and claimed batch after batch in one statement.
  await instanceA.db.insert(httpDeliveries).values(
    Array.from({ length: 3000 }, (_, n) => ({
      kind: "webhook" as const,
      url: subscription!.url,
      body: { n },
      subscriptionId: subscription!.id,
      eventType: "ticket.created",
      messageId: `msg_long_${n}`,
    })),
  );
  const now = () => new Date(Date.now() + 1_000);
  const first = await claimDue({ db: instanceA.db, now, batchSize: 25 });
  const second = await claimDue({ db: instanceB.db, now, batchSize: 25 });
  expect(first).toHaveLength(25); // was all 3,000
  expect(second).toHaveLength(25);
  expect(new Set([...first, ...second].map((r) => r.id)).size).toBe(50);
  const sending = await instanceA.db.$count(httpDeliveries, eq(httpDeliveries.status, "sending"));
  expect(sending).toBe(50);
});
