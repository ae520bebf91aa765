// Prometheus metrics at GET /metrics (docs/architecture.md §16), guarded by a bearer token (METRICS_TOKEN)
// rather than a second port: one port keeps the proxy and compose set-up as it is, and a scraper sends a
// header as easily as a browser does. Without the token the route does not exist (404).
import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { count, inArray, min, outbox } from "@repo/db";
import { UnauthorizedError } from "../errors.js";
import { periodicTasks } from "../lib/periodic.js";
import type { AppServices } from "../context.js";
import type { AppEnv } from "./http.js";

export interface Metrics {
  registry: Registry;
  /** One observation per answered request, labelled by route pattern (server/request-log.ts). */
  requestDuration: Histogram<"method" | "route" | "status">;
}

/** What the metrics read at scrape time, beside the database. */
export interface MetricSources {
  /** Open WebSocket connections. */
  webSocketPeers(): number;
}

/** Mails not yet sent and the age of the oldest, read from the outbox when scraped. */
function outboxGauges(registry: Registry, db: AppServices["db"]): void {
  // Both outbox gauges from one query: a scrape reads all metrics at once, so they share the promise.
  let outboxRead: Promise<{ unsent: number; oldest: Date | string | null } | undefined> | undefined;
  const readOutbox = () =>
    (outboxRead ??= db
      .select({ unsent: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(inArray(outbox.status, ["pending", "sending"]))
      .then(([row]) => row)
      .finally(() => {
        outboxRead = undefined;
      }));
  new Gauge({
    name: "helpdesk_outbox_unsent",
    help: "Mails in the outbox not yet sent (pending, or being sent)",
    registers: [registry],
    async collect() {
      this.set((await readOutbox())?.unsent ?? 0);
    },
  });
  new Gauge({
    name: "helpdesk_outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest mail not yet sent; 0 when none waits",
    registers: [registry],
    async collect() {
      const oldest = (await readOutbox())?.oldest;
      this.set(oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0);
    },
  });
}

/** The database's query times, and its connections in use against the pool's size. */
function databaseMetrics(registry: Registry, database: AppServices["database"]): void {
  const queryTime = new Histogram({
    name: "helpdesk_db_query_duration_seconds",
    help: "Time from asking the database to its answer, waiting for a connection included",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: "helpdesk_db_queries_in_flight",
    help: "Queries asked and not yet answered: the pool's use (compare helpdesk_db_pool_size)",
    registers: [registry],
    collect() {
      this.set(database.queries.inFlight);
    },
  });
  new Gauge({
    name: "helpdesk_db_pool_size",
    help: "Connections the pool may open (1 for the embedded database)",
    registers: [registry],
    collect() {
      this.set(database.queries.poolSize);
    },
  });
  database.queries.onAnswer = (seconds) => queryTime.observe(seconds);
}

/**
 * The registry of one server: request durations observed as requests end; the rest read when scraped
 * (outbox depth and age, WebSocket peers, how long ago each background task last succeeded, the
 * database's query times and connections in use) so nothing is counted twice across instances.
 */
export function createMetrics(services: Pick<AppServices, "db" | "database">, sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  outboxGauges(registry, services.db);

  new Gauge({
    name: "helpdesk_websocket_peers",
    help: "Open WebSocket connections (live updates)",
    registers: [registry],
    collect() {
      this.set(sources.webSocketPeers());
    },
  });

  new Gauge({
    name: "helpdesk_task_last_success_age_seconds",
    help: "Seconds since a background task last finished without error: the SLA sweep's lag, mail in's lag (IMAP)",
    labelNames: ["task"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [task, state] of periodicTasks()) {
        if (state.lastSuccess) this.set({ task }, (Date.now() - state.lastSuccess) / 1000);
      }
    },
  });

  databaseMetrics(registry, services.database);

  return { registry, requestDuration };
}

/** Whether the request carries the metrics token, compared in constant time. */
function hasToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN. */
export function mountMetrics(app: Hono<AppEnv>, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  app.get("/metrics", async (c) => {
    if (!hasToken(c.req.header("authorization"), token)) {
      throw new UnauthorizedError("A valid metrics token is required");
    }
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType });
  });
}
