// The webhook delivery process (delivery-process.ts, server/webhook-worker.ts): the server's child that
// sends the deliveries on PostgreSQL. It delivers what the server's writes queue, signed, once each, at a
// lower CPU priority than the server; killed mid-send, it leaves its leased events to be sent again once
// their lease runs out (same webhook-ids), and the server starts another child.
import os from "node:os";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createDatabase, eq, httpDeliveries, webhookEvents, webhookSubscriptions, type DatabaseHandle } from "@repo/db";
import { scratchPostgres } from "../test/scratch-postgres.js";
import { until } from "../test/until.js";
import { DELIVERY_PROCESS_NICE, type Deliveries, startDeliveryProcess } from "./delivery-process.js";
import { createDeliveryWorker, LEASE_MS } from "./delivery-worker.js";
import { emitWebhookEvent } from "./events.js";
import { newWebhookSecret } from "./subscriptions.js";
import { startWebhookSink, type WebhookSink } from "./test-sink.js";

let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
let instance: DatabaseHandle;
let sink: WebhookSink;
let deliveries: Deliveries | undefined;

beforeAll(async () => {
  scratch = await scratchPostgres("nw_hooks_process");
  instance = await createDatabase({ url: scratch.url, maxConnections: 4 });
  sink = await startWebhookSink();
});
afterAll(async () => {
  await deliveries?.stop();
  await instance?.close();
  await sink?.stop();
  await scratch?.drop();
});

/** The child as the server starts it, from the TypeScript source (the build runs dist/webhook-worker.js). */
const startChild = () =>
  startDeliveryProcess({
    entry: fileURLToPath(new URL("../server/webhook-worker.ts", import.meta.url)),
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: scratch.url, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: os.tmpdir() },
    log: () => {},
  });

async function emit(events: number, secret: string, path: string) {
  const [sub] = await instance.db
    .insert(webhookSubscriptions)
    .values({ url: `${sink.url}${path}`, eventTypes: ["ticket.updated"], secret })
    .returning();
  for (let i = 0; i < events; i++)
    await instance.db.transaction((tx) => emitWebhookEvent(tx, "ticket.updated", { n: i }));
  return sub!.id;
}

it("the delivery process sends every queued delivery once, signed, at a lower priority", async () => {
  const secret = newWebhookSecret();
  const subscriptionId = await emit(12, secret, "/process");
  deliveries = startChild();
  await until(() => sink.received.filter((r) => r.path === "/process").length >= 12);
  const pid = deliveries.pid();
  expect(pid).toBeDefined();
  expect(os.getPriority(pid)).toBe(DELIVERY_PROCESS_NICE);
  await until(async () =>
    (await instance.db.select().from(httpDeliveries).where(eq(httpDeliveries.subscriptionId, subscriptionId))).every(
      (r) => r.status === "delivered",
    ),
  );
  await deliveries.stop();
  deliveries = undefined;

  const mine = sink.received.filter((r) => r.path === "/process");
  expect(mine).toHaveLength(12);
  expect(new Set(mine.map((r) => r.headers["webhook-id"])).size).toBe(12);
  const seen = mine.map(
    (r) => (new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { data: { n: number } }).data.n,
  );
  expect(seen.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
});

it("a delivery process killed mid-send leaves its events to be sent again, and is restarted", async () => {
  await instance.db.update(webhookSubscriptions).set({ enabled: false });
  const secret = newWebhookSecret();
  const subscriptionId = await emit(5, secret, "/crash");
  // The receiver holds every request of the first child until it is gone.
  let release = () => {};
  const held = new Promise<undefined>((r) => {
    release = () => r(undefined);
  });
  sink.intercept(async (request) => (request.path === "/crash" ? held : undefined));
  deliveries = startChild();
  await until(() => sink.received.filter((r) => r.path === "/crash").length >= 5);
  const firstPid = deliveries.pid()!;
  process.kill(firstPid, "SIGKILL");
  await until(() => deliveries!.pid() !== undefined && deliveries!.pid() !== firstPid);
  sink.intercept(null);
  release();

  // The dead child recorded nothing: its events wait, leased, and no delivery was written.
  expect(await instance.db.$count(httpDeliveries, eq(httpDeliveries.subscriptionId, subscriptionId))).toBe(0);
  const leased = await instance.db.select().from(webhookEvents);
  expect(leased.map((e) => e.attempts)).toEqual(Array(5).fill(1));
  expect(leased.every((e) => e.leasedUntil !== null)).toBe(true);
  // Once the dead child's lease has run out, any worker sends them again under the same webhook-ids.
  const later = createDeliveryWorker({
    db: instance.db,
    production: false,
    now: () => new Date(Date.now() + LEASE_MS + 1000),
    log: () => {},
  });
  expect((await later.drainOnce()).delivered).toBe(5);
  const again = await instance.db
    .select()
    .from(httpDeliveries)
    .where(eq(httpDeliveries.subscriptionId, subscriptionId));
  expect(again.every((r) => r.status === "delivered" && r.attempts === 2)).toBe(true);
  const ids = sink.received.filter((r) => r.path === "/crash").map((r) => r.headers["webhook-id"]);
  expect(ids).toHaveLength(10);
  expect(new Set(ids)).toEqual(new Set(again.map((r) => r.messageId)));
  expect(await instance.db.$count(webhookEvents)).toBe(0);
});
