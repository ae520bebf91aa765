// Alert intake over HTTP (docs/features.md §13): alerts folded into one open ticket per device and check,
// resolved on recovery (a setting), a flood throttled into one ticket, concurrent alerts making one
// ticket, the company from the key or the device, and each monitoring tool's payload.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { alertTickets, and, asc, eq, ticketComments, ticketDevices, tickets } from "@repo/db";
import type { AlertOutcome, ApiKeyCreated, ApiKeyScope } from "@repo/validators";
import { ADMIN, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN]);
let acme: string;
let birch: string;
let unbound: string;
let acmeKey: string;

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../alerts/fixtures/${name}.json`, import.meta.url), "utf8"));

async function createKey(scopes: ApiKeyScope[], clientId?: string): Promise<string> {
  const res = await server.request("/api/api-keys", {
    method: "POST",
    token: tokens[ADMIN],
    json: { name: "Monitoring", scopes, clientId },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as ApiKeyCreated).secret;
}

async function send(key: string, body: unknown, status = 200): Promise<AlertOutcome> {
  const res = await server.request("/api/alerts", { method: "POST", token: key, json: body });
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBe(status);
  return answer as AlertOutcome;
}

async function ticket(id: string) {
  const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}
const notesOf = (id: string) =>
  server.services.db
    .select()
    .from(ticketComments)
    .where(eq(ticketComments.ticketId, id))
    .orderBy(asc(ticketComments.createdAt));

const alert = (check: string, status: "firing" | "resolved", extra: Record<string, unknown> = {}) => ({
  source: "test",
  deviceSerial: "ACME-LT-0001",
  check,
  status,
  severity: "critical",
  message: `${check} is ${status}`,
  ...extra,
});

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  unbound = await createKey(["alerts:write"]);
  acmeKey = await createKey(["alerts:write"], acme);
});

describe("folding", () => {
  it("opens one ticket per device and check, notes later alerts, resolves on recovery, then opens anew", async () => {
    const first = await send(unbound, alert("Disk C: free space", "firing"));
    expect(first.outcome).toBe("opened");
    const opened = await ticket(first.ticketId!);
    expect(opened).toMatchObject({ clientId: acme, priority: "P1", type: "INCIDENT", status: "NEW" });
    expect(opened.title).toContain("Disk C: free space");
    const [link] = await server.services.db.select().from(ticketDevices).where(eq(ticketDevices.ticketId, opened.id));
    expect(link).toBeDefined();

    const again = await send(unbound, alert("Disk C: free space", "firing", { message: "still low" }));
    expect(again).toEqual({ outcome: "noted", ticketId: first.ticketId });
    const notes = await notesOf(first.ticketId!);
    expect(notes.at(-1)).toMatchObject({ internal: true, authorName: "API key Monitoring" });
    expect(notes.at(-1)!.content).toContain("still low");

    const other = await send(unbound, alert("Memory", "firing"));
    expect(other.outcome).toBe("opened");
    expect(other.ticketId).not.toBe(first.ticketId);

    const recovered = await send(unbound, alert("Disk C: free space", "resolved"));
    expect(recovered).toEqual({ outcome: "resolved", ticketId: first.ticketId });
    expect((await ticket(first.ticketId!)).status).toBe("RESOLVED");

    const next = await send(unbound, alert("Disk C: free space", "firing"));
    expect(next.outcome).toBe("opened");
    expect(next.ticketId).not.toBe(first.ticketId);
  });

  it("leaves the ticket open on recovery when the setting is off", async () => {
    const off = await server.request("/api/alerts/settings", {
      method: "PUT",
      token: tokens[ADMIN],
      json: { resolveOnRecovery: false, floodPerMinute: 30 },
    });
    expect(off.status).toBe(200);
    try {
      const fired = await send(unbound, alert("Backup job", "firing"));
      const recovered = await send(unbound, alert("Backup job", "resolved"));
      expect(recovered).toEqual({ outcome: "noted", ticketId: fired.ticketId });
      expect((await ticket(fired.ticketId!)).status).toBe("NEW");
    } finally {
      await server.request("/api/alerts/settings", {
        method: "PUT",
        token: tokens[ADMIN],
        json: { resolveOnRecovery: true, floodPerMinute: 30 },
      });
    }
  });

  it("ignores a recovery with no open ticket", async () => {
    expect(await send(unbound, alert("Never fired", "resolved"))).toEqual({ outcome: "ignored", ticketId: null });
  });

  it("makes one ticket of concurrent alerts for the same check", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(unbound, alert("Concurrent check", "firing", { message: `#${i}` }))),
    );
    expect(new Set(outcomes.map((o) => o.ticketId)).size).toBe(1);
    expect(outcomes.filter((o) => o.outcome === "opened")).toHaveLength(1);
    const rows = await server.services.db
      .select()
      .from(alertTickets)
      .where(and(eq(alertTickets.clientId, acme), eq(alertTickets.check, "Concurrent check")));
    expect(rows).toHaveLength(1);
    expect(await notesOf(outcomes[0]!.ticketId!)).toHaveLength(5);
  });
});

describe("the alert's company", () => {
  it("is the key's when bound, so a host name is enough", async () => {
    const birchKey = await createKey(["alerts:write"], birch);
    const res = await send(birchKey, { source: "test", hostname: "birch-nas", check: "RAID", status: "firing" });
    expect((await ticket(res.ticketId!)).clientId).toBe(birch);
  });

  it("does not let a bound key reach another company's device", async () => {
    const birchKey = await createKey(["alerts:write"], birch);
    const res = await send(birchKey, alert("Cross-company", "firing"));
    expect((await ticket(res.ticketId!)).clientId).toBe(birch);
  });

  it("is unknown for an unbound key without a known serial: 422 with the reason", async () => {
    const res = await server.request("/api/alerts", {
      method: "POST",
      token: unbound,
      json: { source: "test", hostname: "somewhere", check: "Ping", status: "firing" },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toContain("the alert's company is unknown");
    const serial = await server.request("/api/alerts", {
      method: "POST",
      token: unbound,
      json: alert("Ping", "firing", { deviceSerial: "NO-SUCH-SERIAL" }),
    });
    expect(serial.status).toBe(422);
    expect(((await serial.json()) as { error: string }).error).toContain("No device has the serial NO-SUCH-SERIAL");
  });
});

describe("who may send", () => {
  it("needs a key with alerts:write", async () => {
    const readOnly = await createKey(["tickets:read"]);
    const res = await server.request("/api/alerts", { method: "POST", token: readOnly, json: alert("x", "firing") });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("This API key lacks the scope alerts:write");
    const session = await server.request("/api/alerts", {
      method: "POST",
      token: tokens[ADMIN],
      json: alert("x", "firing"),
    });
    expect(session.status).toBe(403);
    expect((await server.request("/api/alerts", { method: "POST", json: alert("x", "firing") })).status).toBe(401);
  });

  it("refuses a malformed alert with the rule it breaks", async () => {
    const res = await server.request("/api/alerts", {
      method: "POST",
      token: unbound,
      json: { source: "test", deviceSerial: "ACME-LT-0001", check: "x", status: "exploded" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain("status must be firing or resolved");
  });
});

describe("a flood", () => {
  it("goes past N alerts a minute into one 'alert flood' ticket that lists them", async () => {
    const floodKey = await createKey(["alerts:write"], birch);
    await server.request("/api/alerts/settings", {
      method: "PUT",
      token: tokens[ADMIN],
      json: { resolveOnRecovery: true, floodPerMinute: 3 },
    });
    try {
      const outcomes: AlertOutcome[] = [];
      // One alert went to Birch above; with two more the company is at its limit.
      for (let i = 0; i < 6; i++) {
        outcomes.push(await send(floodKey, { source: "test", hostname: `pc-${i}`, check: "Ping", status: "firing" }));
      }
      const flooded = outcomes.filter((o) => o.outcome === "flood");
      expect(flooded.length).toBeGreaterThanOrEqual(3);
      expect(new Set(flooded.map((o) => o.ticketId)).size).toBe(1);
      const floodTicket = await ticket(flooded[0]!.ticketId!);
      expect(floodTicket.title).toBe("Alert flood: more than 3 alerts a minute");
      expect((await notesOf(floodTicket.id)).map((n) => n.content).join("\n")).toContain("pc-5");
    } finally {
      await server.request("/api/alerts/settings", {
        method: "PUT",
        token: tokens[ADMIN],
        json: { resolveOnRecovery: true, floodPerMinute: 30 },
      });
    }
  });
});

describe("each tool's payload", () => {
  it("Uptime Kuma: down opens, up resolves, the Test button is ignored", async () => {
    const down = await send(acmeKey, fixture("uptime-kuma-down"));
    expect(down.outcome).toBe("opened");
    const opened = await ticket(down.ticketId!);
    expect(opened.title).toBe("frontdesk.acme.test: Front desk portal");
    expect(opened.description).toContain("ECONNREFUSED");
    const up = await send(acmeKey, fixture("uptime-kuma-up"));
    expect(up).toEqual({ outcome: "resolved", ticketId: down.ticketId });
    expect(await send(acmeKey, { heartbeat: null, monitor: null, msg: "Uptime Kuma test" })).toEqual({
      outcome: "ignored",
      ticketId: null,
    });
  });

  it("Zabbix's webhook media: a problem opens on the device named by its inventory serial, a recovery resolves", async () => {
    const problem = await send(unbound, fixture("zabbix-problem"));
    expect(problem.outcome).toBe("opened");
    const opened = await ticket(problem.ticketId!);
    expect(opened).toMatchObject({ clientId: acme, priority: "P2" });
    expect(opened.title).toBe("acme-fs01 (ACME-LT-0001): High CPU utilization");
    const resolved = await send(unbound, fixture("zabbix-resolved"));
    expect(resolved).toEqual({ outcome: "resolved", ticketId: problem.ticketId });
  });

  it("Tactical RMM's alert action: failure opens, resolved resolves", async () => {
    const failure = await send(acmeKey, fixture("tactical-rmm-failure"));
    expect(failure.outcome).toBe("opened");
    const opened = await ticket(failure.ticketId!);
    expect(opened).toMatchObject({ clientId: acme, priority: "P2", title: "ACME-RECEPTION-02: Agent offline" });
    expect(opened.description).toContain("2026-11-28T17:00:00.000Z");
    const resolved = await send(acmeKey, fixture("tactical-rmm-resolved"));
    expect(resolved).toEqual({ outcome: "resolved", ticketId: failure.ticketId });
    expect((await ticket(failure.ticketId!)).status).toBe("RESOLVED");
  });
});
