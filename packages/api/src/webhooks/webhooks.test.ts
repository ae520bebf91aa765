// Outbound webhooks over HTTP (docs/features.md §14): admins only; events written with the write that
// causes them, signed per Standard Webhooks and verified here with the same package; a receiver answering
// 500 then 200 gets the event on the retry with the same webhook-id; notes stay in; resend keeps the id;
// a failing streak turns a subscription off and mails the admins; private targets are refused when the
// setting (or production) says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { devices, eq, httpDeliveries, sql, outbox, webhookEvents, webhookSubscriptions } from "@repo/db";
import { ACME, ADMIN, AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import {
  createDeliveryWorker,
  DELIVERY_RETRY,
  type DeliveryWorker,
  QUEUED_CHANNEL,
  startDeliveryWorker,
} from "./delivery-worker.js";
import { startWebhookSink, type WebhookSink } from "./test-sink.js";
import { until } from "../test/until.js";
import { markStaleDevices } from "../devices/stale.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);
const call = (method: string, path: string, json?: unknown, email = ADMIN) =>
  server.request(path, { method, json, token: tokens[email] });

let sink: WebhookSink;
let acme: string;
/** The workers' clock: moved forward to reach a retry without waiting. */
let clock: Date;
const workers: DeliveryWorker[] = [];
function worker(options: { maxAttempts?: number; production?: boolean } = {}): DeliveryWorker {
  const w = createDeliveryWorker({
    db: server.services.db,
    production: options.production ?? false,
    maxAttempts: options.maxAttempts,
    now: () => clock,
    log: () => {},
  });
  workers.push(w);
  return w;
}
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const queued = () => (clock = new Date(Date.now() + 1000));

interface Created {
  subscription: { id: string; url: string; enabled: boolean };
  secret: string;
}
async function subscribe(eventTypes: string[], url = `${sink.url}/hook`): Promise<Created> {
  const res = await call("POST", "/api/webhooks", { url, eventTypes, description: "Test receiver" });
  expect(res.status).toBe(200);
  return (await res.json()) as Created;
}
async function createTicket(title = "Server room is hot"): Promise<{ id: string }> {
  const res = await call(
    "POST",
    "/api/tickets",
    {
      title,
      description: "The air conditioning stopped this morning.",
      type: "INCIDENT",
      priority: "P2",
      requesterName: "Dana Whitfield",
      requesterEmail: "dana@acme.test",
      clientId: acme,
      assigneeId: "",
      tags: [],
    },
    AGENT,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}
const verified = (secret: string, i: number) => {
  const r = sink.received[i]!;
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    type: string;
    // biome-ignore lint/suspicious/noExplicitAny: the event bodies are asserted field by field
    data: Record<string, any>;
  };
};

beforeAll(async () => {
  sink = await startWebhookSink();
  ({ acme } = await demoCompanies(server));
});
beforeEach(async () => {
  await server.services.db.delete(webhookSubscriptions);
  await server.services.db.delete(httpDeliveries);
  await server.services.db.delete(webhookEvents);
  await call("PUT", "/api/settings/webhooks", { allowPrivateTargets: null });
  sink.received.length = 0;
  sink.answer([]);
  sink.always(null);
  sink.intercept(null);
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await sink?.stop();
});

describe("who may manage webhooks", () => {
  it("answers admins only, and refuses bad input without saving anything", async () => {
    for (const email of [AGENT, ACME]) expect((await call("GET", "/api/webhooks", undefined, email)).status).toBe(403);
    const bad = [
      { url: "ftp://example.org/x", eventTypes: ["ticket.created"] },
      { url: "https://example.org/x", eventTypes: [] },
      { url: "https://example.org/x", eventTypes: ["ticket.exploded"] },
    ];
    for (const body of bad) expect((await call("POST", "/api/webhooks", body)).status).toBe(400);
    expect((await call("POST", "/api/webhooks", bad[0], AGENT)).status).toBe(403);
    expect(await server.services.db.select().from(webhookSubscriptions)).toHaveLength(0);
  });

  it("shows the secret once: in the answer to create and to rotate, never in the list", async () => {
    const created = await subscribe(["ticket.created"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const listed = await (await call("GET", "/api/webhooks")).text();
    expect(listed).toContain(created.subscription.id);
    expect(listed).not.toContain(created.secret);
    const rotated = (await (await call("POST", `/api/webhooks/${created.subscription.id}/secret`)).json()) as Created;
    expect(rotated.secret).not.toBe(created.secret);
  });
});

describe("events and signatures", () => {
  it("sends ticket.created signed, verifiable with the standardwebhooks package", async () => {
    const { secret } = await subscribe(["ticket.created"]);
    const other = await subscribe(["sla.breached"]);
    const ticket = await createTicket();
    queued();
    expect(await worker().drainOnce()).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(sink.received).toHaveLength(1);
    const event = verified(secret, 0);
    expect(event.type).toBe("ticket.created");
    expect(event.data.ticket).toMatchObject({
      id: ticket.id,
      title: "Server room is hot",
      priority: "P2",
      clientId: acme,
    });
    expect(event.data.ticket.link).toMatch(new RegExp(`/tickets/${ticket.id}$`));
    expect(event.data.ticket).not.toHaveProperty("requesterEmail");
    // Signed with one subscription's secret, it does not verify with another's.
    expect(() => verified(other.secret, 0)).toThrow();
    const r = sink.received[0]!;
    expect(r.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Number(r.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);
  });

  it("sends public comments and ticket updates, never internal notes", async () => {
    const { secret } = await subscribe(["comment.created", "ticket.updated"]);
    const ticket = await createTicket();
    const note = await call(
      "POST",
      `/api/tickets/${ticket.id}/comments`,
      { content: "Internal: vendor is slow", internal: true },
      AGENT,
    );
    expect(note.status).toBe(200);
    const reply = await call(
      "POST",
      `/api/tickets/${ticket.id}/comments`,
      { content: "We are on it", internal: false },
      AGENT,
    );
    expect(reply.status).toBe(200);
    const patch = await call("PATCH", `/api/tickets/${ticket.id}`, { priority: "P1" }, AGENT);
    expect([200, 204]).toContain(patch.status);
    queued();
    await worker().drainOnce();
    const events = sink.received.map((_, i) => verified(secret, i));
    const comments = events.filter((e) => e.type === "comment.created");
    expect(comments.map((e) => e.data.comment.content)).toEqual(["We are on it"]);
    expect(events.some((e) => e.type === "ticket.updated" && e.data.ticket.priority === "P1")).toBe(true);
    expect(JSON.stringify(events)).not.toContain("vendor is slow");
  });

  it("writes nothing for an event no enabled subscription asks for", async () => {
    const { subscription } = await subscribe(["ticket.created"]);
    await call("PATCH", `/api/webhooks/${subscription.id}`, { enabled: false });
    await createTicket();
    expect(await server.services.db.$count(webhookEvents)).toBe(0);
    expect(await server.services.db.$count(httpDeliveries)).toBe(0);
  });

  it("sends device.stale when the sweep marks a device stale", async () => {
    const { secret } = await subscribe(["device.stale"]);
    // Every device reported on 30 days ago: all of them go stale, each with its event.
    const { db } = server.services;
    await db.update(devices).set({ stale: false, factsAt: new Date(Date.now() - 30 * 86_400_000) });
    const marked = await markStaleDevices(db);
    expect(marked).toBeGreaterThan(0);
    expect(await db.$count(webhookEvents)).toBe(marked);
    expect(await markStaleDevices(db)).toBe(0);
    queued();
    await worker().drainOnce();
    expect(sink.received).toHaveLength(marked);
    expect(verified(secret, 0)).toMatchObject({ type: "device.stale", data: { device: { staleAfterDays: 14 } } });
  });
});

describe("waking the worker", () => {
  it("the database wakes it for a write that queued an event, not for one that queued nothing", async () => {
    const woken: string[] = [];
    const unlisten = await server.services.database.listen(QUEUED_CHANNEL, (payload) => woken.push(payload));
    try {
      const ticket = await createTicket(); // no subscription: no event, no wake-up
      await subscribe(["ticket.updated"]);
      expect((await call("PATCH", `/api/tickets/${ticket.id}`, { priority: "P1" })).status).toBe(200);
      await until(() => woken.length > 0);
      // Notifications arrive in commit order: one from the create would have come before this one.
      await new Promise((r) => setTimeout(r, 200));
      expect(woken).toHaveLength(1);
      // A pending delivery wakes it too: an admin's resend of the event's row.
      queued();
      expect((await worker().drainOnce()).delivered).toBe(1);
      const [row] = await server.services.db.select().from(httpDeliveries);
      expect((await call("POST", `/api/webhook-deliveries/${row!.id}/resend`)).status).toBe(200);
      await until(() => woken.length > 1);
    } finally {
      await unlisten();
    }
  });

  it("a started worker sends a queued event at once, not at its next poll", async () => {
    const { secret } = await subscribe(["ticket.created"]);
    const started = startDeliveryWorker(server.services, { pollMs: 60 * 60_000, log: () => {} });
    try {
      await createTicket("Printer on fire");
      await until(() => sink.received.length > 0);
      expect(verified(secret, 0).data.ticket.title).toBe("Printer on fire");
    } finally {
      await started.stop();
    }
  });
});

describe("retries, resend and the failing streak", () => {
  it("gets the event to a receiver that answers 500 then 200, with the same webhook-id", async () => {
    const { secret, subscription } = await subscribe(["ticket.created"]);
    await createTicket();
    sink.answer([500]);
    queued();
    const w = worker();
    expect(await w.drainOnce()).toEqual({ delivered: 0, retried: 1, dead: 0 });
    const [failed] = await server.services.db.select().from(httpDeliveries);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 500 });
    // Not before its time: 30 s, give or take the jitter.
    expect(await w.drainOnce()).toEqual({ delivered: 0, retried: 0, dead: 0 });
    later(DELIVERY_RETRY.baseDelayMs * 1.25 + 1000);
    expect(await w.drainOnce()).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(sink.received).toHaveLength(2);
    expect(sink.received[0]!.headers["webhook-id"]).toBe(sink.received[1]!.headers["webhook-id"]);
    expect(verified(secret, 1).type).toBe("ticket.created");

    const log = (await (await call("GET", `/api/webhooks/${subscription.id}/deliveries`)).json()) as {
      deliveries: { id: string; status: string; attempts: number; lastStatusCode: number; messageId: string }[];
    };
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });

    // A resend is a new entry in the log with the same webhook-id.
    const resent = await call("POST", `/api/webhook-deliveries/${log.deliveries[0]!.id}/resend`);
    expect(resent.status).toBe(200);
    queued();
    await w.drainOnce();
    expect(sink.received).toHaveLength(3);
    expect(sink.received[2]!.headers["webhook-id"]).toBe(log.deliveries[0]!.messageId);
    const after = (await (await call("GET", `/api/webhooks/${subscription.id}/deliveries?limit=1`)).json()) as {
      deliveries: unknown[];
      nextCursor: string | null;
    };
    expect(after.deliveries).toHaveLength(1);
    expect(after.nextCursor).not.toBeNull();
  });

  it("turns a subscription off after 10 dead deliveries in a row and mails the admins", async () => {
    const { subscription } = await subscribe(["ticket.created"]);
    await server.services.db.delete(outbox);
    sink.always(503);
    for (let i = 0; i < 10; i++) await createTicket(`Failing ${i}`);
    queued();
    expect(await worker({ maxAttempts: 1 }).drainOnce()).toMatchObject({ delivered: 0, dead: 10 });
    const [row] = await server.services.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(row).toMatchObject({ enabled: false, failureStreak: 10 });
    expect(row!.disabledReason).toMatch(/10 deliveries in a row/);
    const mails = await server.mailsTo(ADMIN);
    expect(mails.filter((m) => m.kind === "webhook.disabled")).toHaveLength(1);
    // Off: the next event is not even written; turned back on, the streak starts again.
    await createTicket("While off");
    expect(await server.services.db.$count(webhookEvents)).toBe(0);
    expect((await server.services.db.select().from(httpDeliveries)).length).toBe(10);
    const on = await call("PATCH", `/api/webhooks/${subscription.id}`, { enabled: true });
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null, failureStreak: 0 });
  });
});

describe("recording a batch's outcomes", () => {
  it("records each delivery of a batch with successes and failures as its own outcome", async () => {
    const good = await subscribe(["ticket.created"], `${sink.url}/good`);
    const bad = await subscribe(["ticket.created"], `${sink.url}/bad`);
    // The good receiver had a failing streak going: a success in the batch ends it.
    await server.services.db
      .update(webhookSubscriptions)
      .set({ failureStreak: 3, failingSince: new Date(Date.now() - 60_000) })
      .where(eq(webhookSubscriptions.id, good.subscription.id));
    await createTicket("One");
    await createTicket("Two");
    sink.intercept(async (r) => (r.path === "/bad" ? 503 : undefined));
    queued();
    expect(await worker().drainOnce()).toEqual({ delivered: 2, retried: 2, dead: 0 });
    const rows = await server.services.db.select().from(httpDeliveries);
    for (const row of rows.filter((r) => r.subscriptionId === good.subscription.id))
      expect(row).toMatchObject({ status: "delivered", lastStatusCode: 200, lastError: null, lastResponse: "ok" });
    for (const row of rows.filter((r) => r.subscriptionId === bad.subscription.id)) {
      expect(row).toMatchObject({ status: "failed", lastStatusCode: 503, deliveredAt: null, attempts: 1 });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());
    }
    const subs = await server.services.db.select().from(webhookSubscriptions);
    expect(subs.find((s) => s.id === good.subscription.id)).toMatchObject({ failureStreak: 0, failingSince: null });
    expect(subs.find((s) => s.id === bad.subscription.id)!.failingSince).not.toBeNull();
  });

  it("writes an event's delivery once, after its send, as it ended", async () => {
    await subscribe(["ticket.created"], `${sink.url}/ok`);
    await createTicket();
    let rowsDuringSend = -1;
    sink.intercept(async () => {
      rowsDuringSend = await server.services.db.$count(httpDeliveries);
      return undefined;
    });
    queued();
    expect(await worker().drainOnce()).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(rowsDuringSend).toBe(0);
    const [row] = await server.services.db.select().from(httpDeliveries);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastResponse: "ok" });
    expect(row!.messageId).toBe(sink.received[0]!.headers["webhook-id"]);
    expect(await server.services.db.$count(webhookEvents)).toBe(0);
  });

  it("records nothing for a stale holder of an event's lease, success or failure", async () => {
    await subscribe(["ticket.created"], `${sink.url}/ok`);
    await subscribe(["ticket.created"], `${sink.url}/down`);
    await createTicket();
    // While the sends are in flight the event's lease runs out and another instance takes it again.
    sink.intercept(async (r) => {
      await server.services.db.update(webhookEvents).set({ attempts: sql`${webhookEvents.attempts} + 1` });
      return r.path === "/down" ? 500 : undefined;
    });
    queued();
    await worker().drainOnce();
    expect(sink.received).toHaveLength(2);
    expect(await server.services.db.$count(httpDeliveries)).toBe(0);
    const [event] = await server.services.db.select().from(webhookEvents);
    expect(event).toMatchObject({ attempts: 3 });
    const subs = await server.services.db.select().from(webhookSubscriptions);
    expect(subs.every((s) => s.failingSince === null && s.failureStreak === 0)).toBe(true);
  });

  it("records nothing for a stale holder of a retry's lease, success or failure", async () => {
    const ok = await subscribe(["ticket.created"], `${sink.url}/ok`);
    await subscribe(["ticket.created"], `${sink.url}/down`);
    await createTicket();
    sink.always(503);
    queued();
    const w = worker();
    expect(await w.drainOnce()).toEqual({ delivered: 0, retried: 2, dead: 0 });
    sink.always(null);
    // The retries' lease runs out while they are in flight, and another instance claims both rows again.
    sink.intercept(async (r) => {
      await server.services.db
        .update(httpDeliveries)
        .set({ attempts: sql`${httpDeliveries.attempts} + 1` })
        .where(eq(httpDeliveries.messageId, String(r.headers["webhook-id"])));
      return r.path === "/down" ? 500 : undefined;
    });
    later(DELIVERY_RETRY.baseDelayMs * 1.25 + 1000);
    await w.drainOnce();
    expect(sink.received).toHaveLength(4);
    const rows = await server.services.db.select().from(httpDeliveries);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ status: "sending", attempts: 3, lastStatusCode: 503, deliveredAt: null });
    // The stale success did not end its subscription's failing streak.
    const [sub] = await server.services.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, ok.subscription.id));
    expect(sub!.failingSince).not.toBeNull();
  });
});

describe("private targets", () => {
  it("refuses loopback targets at save time once the setting forbids them", async () => {
    expect((await call("PUT", "/api/settings/webhooks", { allowPrivateTargets: false })).status).toBe(200);
    for (const url of ["http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://[::1]/x", "http://192.168.0.10/x"]) {
      const res = await call("POST", "/api/webhooks", { url, eventTypes: ["ticket.created"] });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/private or loopback/);
    }
    expect(await server.services.db.select().from(webhookSubscriptions)).toHaveLength(0);
  });

  it("refuses them at send time in production, without sending", async () => {
    await subscribe(["ticket.created"]);
    await createTicket();
    queued();
    expect(await worker({ production: true }).drainOnce()).toMatchObject({ dead: 1 });
    expect(sink.received).toHaveLength(0);
    const [row] = await server.services.db.select().from(httpDeliveries);
    expect(row!.lastError).toMatch(/private or loopback/);
  });
});
