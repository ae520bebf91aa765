// The HTTP delivery worker: leases new webhook events and sends their deliveries, written once they have
// ended (fan-out.ts), claims the other due deliveries (deliveries.ts), sends them, records the outcome,
// and retries failures with exponential backoff and jitter. Every server instance may run one; an event
// and a delivery are taken by one instance at a time (FOR UPDATE SKIP LOCKED, as mail/worker.ts), so two
// instances do not send one delivery twice in a run without failures.
//
// A claim is a lease: the row becomes 'sending' and its next_attempt_at the lease's end. A row still
// 'sending' after its lease belongs to an instance that died mid-send and is claimed again: delivery is
// at least once, and the unchanged webhook-id lets the receiver drop the duplicate.
import { createHmac } from "node:crypto";
import { Agent, request } from "undici";
import {
  and,
  asc,
  eq,
  executeRows,
  httpDeliveries,
  inArray,
  lte,
  or,
  sql,
  webhookSubscriptions,
  type Database,
  type DbExecutor,
} from "@repo/db";
import type { AppServices } from "../context.js";
import { log as logger } from "../logger.js";
import { privateTargetsAllowed, readWebhookSettings } from "../settings/webhooks.js";
import { type FanOut, type FannedOutDelivery, leaseEvents, recordFanOut } from "./fan-out.js";
import type { ClaimedDelivery, DeliveryEnding, HttpDeliveryRow } from "./deliveries.js";
import { endStreaks, recordFailure } from "./streak.js";
import { refuseTarget } from "./targets.js";

export const DELIVERY_RETRY = {
  /** Tries before a delivery is dead (an admin can resend it). */
  maxAttempts: 8,
  /** 30 s after the first failure, doubling each time, at most an hour: about 2 h of tries in all. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};
/** One request's limit: a receiver should answer at once and do its work later. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Well beyond one batch's sends, which run side by side, each within the timeout above. */
export const LEASE_MS = 2 * 60_000;
/** Larger batches mean fewer claims and recording statements per delivery (docs/performance.md §8). */
const BATCH_SIZE = 200;
/** Events fanned out per round: with 20 subscriptions each, a batch's worth of deliveries. */
const FANOUT_EVENTS = 10;
const POLL_MS = 5_000;
/**
 * A wake-up drains this much later, gathering the writes that follow. Shorter, and each drain's fixed
 * statements cost more than they save; longer, and a drain starts a burst of sends that the sink,
 * PostgreSQL and this worker all serve at once, beside the requests: at 100 events a second 20 ms (two
 * events, 40 sends) slowed the requests' p95 least of 5, 20, 40 and 100 ms (docs/performance.md §8).
 */
const WAKE_DELAY_MS = 20;
/** What the log keeps of an answer. */
const RESPONSE_SNIPPET = 500;

/**
 * The wait before the next try after `attempts` failed ones: doubling to the cap, then spread over
 * ±25 % so the retries of a receiver that was down for everyone do not all come back at one moment.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(DELIVERY_RETRY.baseDelayMs * 2 ** Math.max(0, attempts - 1), DELIVERY_RETRY.maxDelayMs);
  return Math.round(base * (0.75 + random() * 0.5));
}

export interface DeliveryDrainResult {
  delivered: number;
  retried: number;
  dead: number;
}

export interface DeliveryWorker {
  /** Sends every delivery due now, then resolves (tests call this; the loop calls it on a timer). */
  drainOnce(): Promise<DeliveryDrainResult>;
  start(): void;
  /** Asks for a drain soon (after a write that queued a delivery). */
  wake(): void;
  stop(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  db: Database;
  /** Production refuses private targets unless an admin allows them (settings/webhooks.ts). */
  production: boolean;
  batchSize?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** The clock that schedules retries (tests move it forward). The signature's timestamp is the wall clock. */
  now?: () => Date;
  /** How a host name resolves (tests); the system resolver otherwise. */
  resolve?: (host: string) => Promise<string[]>;
  log?: (message: string) => void;
}

type Settings = Required<Omit<DeliveryWorkerOptions, "pollMs" | "resolve">> & Pick<DeliveryWorkerOptions, "resolve">;

/**
 * Takes up to `batchSize` due rows for this instance: pending or failed ones whose time has come, and
 * 'sending' ones whose lease ran out. A subscription's deliveries wait while it is turned off.
 */
export async function claimDue({
  db,
  now,
  batchSize,
}: Pick<Settings, "db" | "now" | "batchSize">): Promise<ClaimedDelivery[]> {
  const at = now();
  const due = and(
    // Written as the queue index's own condition, so the planner can prove the index covers it.
    sql`${httpDeliveries.status} in ('pending', 'sending', 'failed')`,
    lte(httpDeliveries.nextAttemptAt, at),
    or(
      sql`${httpDeliveries.subscriptionId} is null`,
      sql`exists (select 1 from ${webhookSubscriptions} where ${webhookSubscriptions.id} = ${httpDeliveries.subscriptionId} and ${webhookSubscriptions.enabled})`,
    ),
  );
  const ids = db
    .select({ id: httpDeliveries.id })
    .from(httpDeliveries)
    .where(due)
    .orderBy(asc(httpDeliveries.nextAttemptAt), asc(httpDeliveries.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  // `= any(array(…))`, not `in (…)`: an array subquery runs once. Planned as a semi-join, the locking
  // subquery could run again per row, skip the rows this statement had just claimed, and return the next
  // batch, and the next: claims of thousands of rows at a time (docs/performance.md §8).
  const rows = await db
    .update(httpDeliveries)
    .set({
      status: "sending",
      attempts: sql`${httpDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + LEASE_MS),
    })
    .where(and(sql`${httpDeliveries.id} = any(array(${ids}))`, due))
    .returning();
  const subscriptionIds = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
  const secrets = new Map(
    subscriptionIds.length === 0
      ? []
      : (
          await db
            .select({ id: webhookSubscriptions.id, secret: webhookSubscriptions.secret })
            .from(webhookSubscriptions)
            .where(inArray(webhookSubscriptions.id, subscriptionIds))
        ).map((s) => [s.id, s.secret]),
  );
  return rows.map((r) => ({ ...r, secret: r.subscriptionId ? (secrets.get(r.subscriptionId) ?? null) : null }));
}

/** Only the holder of the current lease (same attempt number) may record an outcome. */
const ours = (row: HttpDeliveryRow) =>
  and(eq(httpDeliveries.id, row.id), eq(httpDeliveries.status, "sending"), eq(httpDeliveries.attempts, row.attempts));

/** A subscription's secret as Standard Webhooks writes it (`whsec_` and the key in base64): the key. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

/**
 * The headers Standard Webhooks asks for, signed with the subscription's key: `v1,` and the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<payload>`. Node's own HMAC rather than the `standardwebhooks`
 * package's signer, which hashes in JavaScript (fast-sha256): at 2,000 sends a second its hashing was
 * the largest single item in the delivery process's profile. Tests verify every signature with the
 * package (webhooks.test.ts, two-workers.test.ts, bench:webhooks).
 */
export function signedHeaders(
  secret: string | Buffer,
  messageId: string,
  payload: string,
  at = new Date(),
): Record<string, string> {
  const key = typeof secret === "string" ? signingKey(secret) : secret;
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac("sha256", key).update(`${messageId}.${timestamp}.${payload}`).digest("base64");
  return { "webhook-id": messageId, "webhook-timestamp": String(timestamp), "webhook-signature": `v1,${signature}` };
}

/** Decoding a secret on every send was measurable at 2,000 a second: one key per secret per drain. */
function keyCache(): (secret: string) => Buffer {
  const keys = new Map<string, Buffer>();
  return (secret) => {
    let key = keys.get(secret);
    if (!key) {
      key = signingKey(secret);
      keys.set(secret, key);
    }
    return key;
  };
}

type Outcome =
  | { ok: true; status: number; response: string }
  | { ok: false; status: number | null; error: string; final?: boolean; response?: string };

/** What a delivery's row records of its try: a failure is retried later, or dead after its last try. */
function ending(settings: Settings, attempts: number, outcome: Outcome): DeliveryEnding {
  const at = settings.now();
  if (outcome.ok)
    return {
      status: "delivered",
      nextAttemptAt: at,
      lastStatusCode: outcome.status,
      lastError: null,
      lastResponse: outcome.response,
      deliveredAt: at,
    };
  const dead = outcome.final === true || attempts >= settings.maxAttempts;
  return {
    status: dead ? "dead" : "failed",
    nextAttemptAt: dead ? at : new Date(at.getTime() + retryDelayMs(attempts)),
    lastStatusCode: outcome.status,
    lastError: outcome.error,
    lastResponse: outcome.response ?? null,
    deliveredAt: null,
  };
}

/**
 * The sends' connections: kept alive between batches, at most this many to one receiver at a time (a
 * batch of 200 to one receiver waits its turn rather than opening 200 sockets), and the request limit as
 * undici's own timeouts (no timer and abort signal per send). undici's `request` rather than the global
 * `fetch` (the same client under web streams and request cloning): about half the CPU per send, which
 * at 2,000 sends a second is most of this worker's time (docs/performance.md §8).
 */
const dispatcher = new Agent({
  connections: 50,
  keepAliveTimeout: 4_000,
  headersTimeout: REQUEST_TIMEOUT_MS,
  bodyTimeout: REQUEST_TIMEOUT_MS,
  connect: { timeout: REQUEST_TIMEOUT_MS },
});
const TIMEOUTS = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

async function send(
  row: ClaimedDelivery,
  refusal: string | null,
  keyOf: (secret: string) => Buffer,
  payloadOf: (body: unknown) => string,
): Promise<Outcome> {
  if (refusal) return { ok: false, status: null, error: refusal, final: true };
  if (row.subscriptionId && !row.secret)
    return { ok: false, status: null, error: "The subscription is gone", final: true };
  const payload = payloadOf(row.body);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "NorthwindIT-Webhooks/1.0",
    ...(row.secret ? signedHeaders(keyOf(row.secret), row.messageId, payload) : {}),
  };
  try {
    // undici's request follows no redirects: a 3xx could lead a checked public target to a private one.
    const response = await request(row.url, { method: "POST", headers, body: payload, dispatcher });
    const text = (await response.body.text().catch(() => "")).slice(0, RESPONSE_SNIPPET);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true, status, response: text };
    return { ok: false, status, error: `The receiver answered ${status}`, response: text };
  } catch (error) {
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const why = TIMEOUTS.has(e.code ?? "")
      ? `No answer within ${REQUEST_TIMEOUT_MS / 1000} s`
      : [e.code ?? e.cause?.code, e.cause?.message ?? e.message].filter(Boolean).join(" ");
    return { ok: false, status: null, error: why.slice(0, 1000) };
  }
}

/**
 * Records a batch's successes, and the end of each subscription's failing streak, in one statement: one
 * transaction per delivery made every delivery of a subscription queue for that subscription's row lock,
 * and capped the worker far below the fan-out goal (docs/performance.md §8). Only rows whose lease is
 * still ours (status 'sending', same attempt) are recorded; a stale holder records nothing.
 */
async function recordSuccesses(
  settings: Settings,
  done: readonly { row: ClaimedDelivery; outcome: Extract<Outcome, { ok: true }> }[],
): Promise<number> {
  if (done.length === 0) return 0;
  const at = settings.now();
  const values = sql.join(
    done.map(
      ({ row, outcome }) =>
        sql`(${row.id}::uuid, ${row.attempts}::integer, ${outcome.status}::integer, ${outcome.response}::text)`,
    ),
    sql`, `,
  );
  const [counted] = await executeRows<{ recorded: number }>(
    settings.db,
    sql`
      with recorded as (
        update ${httpDeliveries}
        set status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz, last_status_code = v.status_code,
          last_error = null, last_response = v.response
        from (values ${values}) as v (id, attempts, status_code, response)
        where ${httpDeliveries.id} = v.id and ${httpDeliveries.attempts} = v.attempts
          and ${httpDeliveries.status} = 'sending'
        returning ${httpDeliveries.subscriptionId} as subscription_id
      ), streaks as (${endStreaks(sql`select subscription_id from recorded where subscription_id is not null`)})
      select count(*)::int as recorded from recorded`,
  );
  return counted?.recorded ?? 0;
}

/** A failure is recorded on its own (rare, and it may turn the subscription off with a mail). */
async function recordFailed(
  settings: Settings,
  row: ClaimedDelivery,
  outcome: Extract<Outcome, { ok: false }>,
): Promise<"retried" | "dead"> {
  const { deliveredAt: _, ...ended } = ending(settings, row.attempts, outcome);
  const dead = ended.status === "dead";
  await settings.db.transaction(async (tx) => {
    const [done] = await tx.update(httpDeliveries).set(ended).where(ours(row)).returning({ id: httpDeliveries.id });
    if (done && row.subscriptionId) await failingStreak(settings, tx, row.subscriptionId, dead);
  });
  return dead ? "dead" : "retried";
}

/** A recorded failure counts towards its subscription's failing streak, which may turn it off. */
async function failingStreak(settings: Settings, tx: DbExecutor, subscriptionId: string, dead: boolean) {
  if (await recordFailure(tx, subscriptionId, dead, settings.now()))
    settings.log(`webhook subscription ${subscriptionId} turned off after a failing streak`);
}

/**
 * Records a fan-out's sends: its events' deliveries written once, as they ended (fan-out.ts), and each
 * failure's streak. Counts what was sent, as recordBatch does.
 */
async function recordFannedOut(
  settings: Settings,
  fanOut: FanOut,
  sent: readonly { row: FannedOutDelivery; outcome: Outcome }[],
): Promise<DeliveryDrainResult> {
  const ended = sent.map(({ row, outcome }) => ({ row, ending: ending(settings, row.attempts, outcome) }));
  const written = await recordFanOut(settings.db, fanOut, ended);
  await Promise.all(
    written
      .filter((w) => w.status !== "delivered")
      .map((w) => settings.db.transaction((tx) => failingStreak(settings, tx, w.subscriptionId, w.status === "dead"))),
  );
  const result: DeliveryDrainResult = { delivered: 0, retried: 0, dead: 0 };
  for (const { ending } of ended)
    result[ending.status === "delivered" ? "delivered" : ending.status === "dead" ? "dead" : "retried"]++;
  return result;
}

/**
 * Records one batch's outcomes: the successes together, each failure on its own. Counts what was sent
 * (a stale lease holder's send still happened; its outcome is simply not written).
 */
async function recordBatch(
  settings: Settings,
  sent: readonly { row: ClaimedDelivery; outcome: Outcome }[],
): Promise<DeliveryDrainResult> {
  const result: DeliveryDrainResult = { delivered: 0, retried: 0, dead: 0 };
  const successes: { row: ClaimedDelivery; outcome: Extract<Outcome, { ok: true }> }[] = [];
  const failures: Promise<"retried" | "dead">[] = [];
  for (const { row, outcome } of sent) {
    if (outcome.ok) successes.push({ row, outcome });
    else failures.push(recordFailed(settings, row, outcome));
  }
  await recordSuccesses(settings, successes);
  result.delivered = successes.length;
  for (const kind of await Promise.all(failures)) result[kind]++;
  return result;
}

/** Claims and sends batch after batch until nothing is due; a batch's sends run side by side. */
async function drain(settings: Settings): Promise<DeliveryDrainResult> {
  const result: DeliveryDrainResult = { delivered: 0, retried: 0, dead: 0 };
  const allowPrivate = privateTargetsAllowed(await readWebhookSettings(settings.db), settings.production);
  // One check per URL per drain: the same few receivers get most deliveries.
  const refusals = new Map<string, Promise<string | null>>();
  const refusalOf = (url: string) => {
    let refusal = refusals.get(url);
    if (!refusal) {
      refusal = refuseTarget(url, { allowPrivate, resolve: settings.resolve });
      refusals.set(url, refusal);
    }
    return refusal;
  };
  const keyOf = keyCache();
  // An event's deliveries from one fan-out share its body: serialized once, not once per subscription.
  const payloads = new WeakMap<object, string>();
  const payloadOf = (body: unknown): string => {
    if (typeof body !== "object" || body === null) return JSON.stringify(body);
    let payload = payloads.get(body);
    if (payload === undefined) {
      payload = JSON.stringify(body);
      payloads.set(body, payload);
    }
    return payload;
  };
  const sendAll = <R extends ClaimedDelivery>(rows: readonly R[]) =>
    Promise.all(
      rows.map(async (row) => ({ row, outcome: await send(row, await refusalOf(row.url), keyOf, payloadOf) })),
    );
  for (;;) {
    // New events' deliveries (leased events, rows written once sent), and whatever else is due: retries,
    // rules' calls, rows whose lease ran out. Both each time, so a stream of events does not hold the
    // retries back.
    const now = settings.now();
    const fresh = await leaseEvents(settings.db, {
      events: FANOUT_EVENTS,
      now,
      leaseEnds: new Date(now.getTime() + LEASE_MS),
    });
    const due = await claimDue(settings);
    if (fresh.events.length === 0 && due.length === 0) return result;
    const [sentFresh, sentDue] = await Promise.all([sendAll(fresh.deliveries), sendAll(due)]);
    const recorded = await Promise.all([recordFannedOut(settings, fresh, sentFresh), recordBatch(settings, sentDue)]);
    for (const one of recorded) for (const key of ["delivered", "retried", "dead"] as const) result[key] += one[key];
    // No event left and a short claim took everything due: no round that would find nothing.
    if (fresh.events.length < FANOUT_EVENTS && due.length < settings.batchSize) return result;
  }
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const settings: Settings = {
    db: options.db,
    production: options.production,
    batchSize: options.batchSize ?? BATCH_SIZE,
    maxAttempts: options.maxAttempts ?? DELIVERY_RETRY.maxAttempts,
    now: options.now ?? (() => new Date()),
    resolve: options.resolve,
    log: options.log ?? ((m: string) => logger.error(m)),
  };
  const pollMs = options.pollMs ?? POLL_MS;
  let running: Promise<DeliveryDrainResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;

  /** One drain at a time per worker: a call during a drain waits for it and then drains again. */
  async function drainOnce(): Promise<DeliveryDrainResult> {
    while (running) await running.catch(() => {});
    running = drain(settings);
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  let timerAt = 0;
  let wokenDuringDrain = false;
  /** Drains after `delay`, or sooner if a drain is already due sooner. */
  function schedule(delay: number) {
    if (!started) return;
    if (timer && timerAt <= Date.now() + delay) return;
    if (timer) clearTimeout(timer);
    timerAt = Date.now() + delay;
    timer = setTimeout(() => {
      timer = null;
      drainOnce()
        .catch((error) => settings.log(`delivery worker: ${(error as Error).message}`))
        .finally(() => {
          // A write during the drain may have come after its last claim: drain again soon, not at the poll.
          schedule(wokenDuringDrain ? WAKE_DELAY_MS : pollMs);
          wokenDuringDrain = false;
        });
    }, delay);
    timer.unref();
  }

  return {
    drainOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started) return;
      if (running) wokenDuringDrain = true;
      else schedule(WAKE_DELAY_MS);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}

/**
 * What the database sends when a committed write queued work for this worker: a webhook event, or a
 * pending delivery (a rule's call, a test send, a resend). Triggers of migration 0049 send it, so no
 * writer has to remember to, and a write that queued nothing (a ticket change without subscriptions)
 * does not wake the worker: every wake-up costs a drain's statements (docs/decisions/0063).
 */
export const QUEUED_CHANNEL = "deliveries_queued";

/** Starts this instance's worker, woken by the database when a write queued a delivery (above). */
export function startDeliveryWorker(
  services: Pick<AppServices, "db" | "database" | "config">,
  options: Pick<DeliveryWorkerOptions, "pollMs" | "log"> = {},
): DeliveryWorker {
  const worker = createDeliveryWorker({
    ...options,
    db: services.db,
    production: services.config.NODE_ENV === "production",
  });
  worker.start();
  // Until the LISTEN is in place the first drain (start) and the poll find what was queued meanwhile.
  const unlisten = services.database
    .listen(QUEUED_CHANNEL, () => worker.wake())
    .catch((error: Error) => {
      logger.error({ err: error }, "delivery worker: cannot listen for queued deliveries; polling only");
      return async () => {};
    });
  return {
    ...worker,
    async stop() {
      await (await unlisten)();
      await worker.stop();
    },
  };
}
