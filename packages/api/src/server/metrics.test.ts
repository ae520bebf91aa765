// GET /metrics (docs/architecture.md §16): only for the token's holder, in a format a scraper parses, with
// counters that move with what the server does.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { periodicTasks } from "../lib/periodic.js";
import { startSlaSweep } from "../sla/sweep.js";
import { ADMIN, PUBLIC_TICKET, demoCompanies } from "../test/fixtures.js";
import { startTestServer } from "../test/harness.js";
import { serverForFile } from "../test/file-server.js";
import { parsePrometheusText, sampleValue } from "../test/prometheus-text.js";

const METRICS_TOKEN = "a-metrics-token-of-24-characters-or-more";

const { server } = serverForFile([], { config: { METRICS_TOKEN } });

async function scrape() {
  const res = await server.request("/metrics", { token: METRICS_TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

describe("GET /metrics", () => {
  it("answers only a request with the metrics token", async () => {
    expect((await server.request("/metrics")).status).toBe(401);
    expect((await server.request("/metrics", { token: "a-wrong-token-of-the-same-sort-entirely" })).status).toBe(401);
    // A session is no metrics token: an admin signed in does not get them either.
    expect((await server.request("/metrics", { token: await server.login(ADMIN) })).status).toBe(401);
  });

  it("refuses without the token in the REST error body, with the request's id", async () => {
    const res = await server.request("/metrics");
    expect(res.status).toBe(401);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(await res.json()).toEqual({ error: "A valid metrics token is required", code: "UNAUTHORIZED", requestId });
  });

  it("is not served at all without METRICS_TOKEN", async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.request("/metrics", { token: METRICS_TOKEN });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("http_request_duration_seconds");
    } finally {
      await plain.close();
    }
  });

  it("counts requests per route pattern and status as they are answered", async () => {
    const token = await server.login(ADMIN);
    const route = { method: "GET", route: "/api/tickets/{id}", status: "404" };
    const before = sampleValue(await scrape(), "http_request_duration_seconds_count", route) ?? 0;
    for (const id of ["one", "two", "three"]) await server.request(`/api/tickets/${id}`, { token });
    const after = await scrape();
    expect(after.types.get("http_request_duration_seconds")).toBe("histogram");
    expect(sampleValue(after, "http_request_duration_seconds_count", route)).toBe(before + 3);
    expect(sampleValue(after, "http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(before + 3);
  });

  it("reports the outbox, the database, WebSocket peers and the background tasks' lag", async () => {
    const before = await scrape();
    const queries = sampleValue(before, "helpdesk_db_query_duration_seconds_count") ?? 0;
    expect(queries).toBeGreaterThan(0);
    expect(sampleValue(before, "helpdesk_db_pool_size")).toBeGreaterThanOrEqual(1);

    // A public ticket writes its acknowledgement to the outbox; no SMTP here, so it waits.
    const unsent = sampleValue(before, "helpdesk_outbox_unsent") ?? 0;
    const { acme } = await demoCompanies(server);
    const created = await server.request("/api/tickets", {
      method: "POST",
      json: { ...PUBLIC_TICKET, clientId: acme },
    });
    expect(created.status).toBe(200);

    const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws?token=${await server.login(ADMIN)}`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const stopSweep = startSlaSweep(server.services.db, server.services.bus, 60_000);
    try {
      // The sweep's first round, however long a busy machine takes over it.
      await vi.waitFor(() => expect(periodicTasks().get("SLA sweep")?.lastSuccess).toBeDefined(), {
        timeout: 20_000,
      });
      const after = await scrape();
      expect(sampleValue(after, "helpdesk_outbox_unsent")).toBeGreaterThan(unsent);
      expect(sampleValue(after, "helpdesk_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, "helpdesk_websocket_peers")).toBe(1);
      expect(sampleValue(after, "helpdesk_task_last_success_age_seconds", { task: "SLA sweep" })).toBeLessThan(60);
      expect(sampleValue(after, "helpdesk_db_query_duration_seconds_count")).toBeGreaterThan(queries);
      expect(sampleValue(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      socket.close();
      await stopSweep();
    }
  });

  it("serves every metric the sample Grafana dashboard charts (docker/grafana-dashboard.json)", async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL("../../../../docker/grafana-dashboard.json", import.meta.url), "utf8"),
    );
    const charted = new Set<string>();
    for (const panel of dashboard.panels as { targets: { expr: string }[] }[]) {
      for (const { expr } of panel.targets) {
        for (const [name] of expr.matchAll(/\b(?:http|helpdesk|process|nodejs)_[a-z0-9_]+/g)) charted.add(name);
      }
    }
    // A labelled family with no series yet (no task running here) still has its TYPE line.
    const exposition = await scrape();
    const served = new Set([...exposition.types.keys(), ...exposition.samples.map((sample) => sample.name)]);
    expect([...charted].filter((name) => !served.has(name))).toEqual([]);
    expect(charted.size).toBeGreaterThan(8);
  });
});
