// No silent overwrites (docs/architecture.md §8a): every record two people can edit carries a version that
// every write moves. An edit naming an older version (tRPC `version`, REST `version` or If-Match) answers
// 409 with the record as it is now and changes nothing; a fresh one is written; one naming none still
// writes (the spec's calls); and of two edits based on one version, exactly one wins.
import { beforeAll, describe, expect, it } from "vitest";
import { ACME, ADMIN, AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
});

type Json = Record<string, unknown>;
const call = async (method: string, path: string, email: string, json?: unknown, headers?: Record<string, string>) => {
  const res = await server.request(path, { method, json, token: tokens[email], headers });
  // Compression weakens an ETag (W/"3"): the version inside is the same, and If-Match takes either.
  const etag = res.headers.get("etag")?.replace(/^W\//, "") ?? null;
  return { status: res.status, etag, body: (await res.json()) as Json };
};
/** A tRPC mutation: its HTTP status and the error's data (the current record of a 409). */
const trpc = async (procedure: string, email: string, input: unknown) => {
  const res = await server.request(`/trpc/${procedure}`, { method: "POST", json: input, token: tokens[email] });
  const body = (await res.json()) as { result?: { data: Json }; error?: { data: { code: string; current?: Json } } };
  return { status: res.status, data: body.result?.data, error: body.error };
};

/**
 * One record type's edits: how to make a record, read it back, and edit one field of it (`edit(n)` gives
 * the nth distinct value, so every edit is a change). Each record type below runs the same five checks.
 */
interface Versioned {
  name: string;
  email: string;
  /** Makes a record; answers its id. */
  create(): Promise<string>;
  /** The record as its reader answers it now. */
  read(id: string): Promise<Json>;
  /** The REST edit of a record, and the field it changes. */
  method: "PATCH" | "PUT";
  path(id: string): string;
  field: string;
  /** The edit's body: the field's nth value (the whole record for a PUT). */
  body(id: string, n: number): Promise<Json>;
  procedure: string;
}

function checksOf(t: Versioned) {
  describe(t.name, () => {
    it("answers its version, which an edit moves", async () => {
      const id = await t.create();
      const before = await t.read(id);
      expect(before.version).toEqual(expect.any(Number));
      const res = await call(t.method, t.path(id), t.email, { ...(await t.body(id, 1)), version: before.version });
      expect(res.status).toBe(200);
      expect(res.body.version).toBe((before.version as number) + 1);
      expect(res.etag).toBe(`"${res.body.version}"`);
    });

    it("refuses a stale version or If-Match with 409 and the current record, changing nothing", async () => {
      const id = await t.create();
      const base = (await t.read(id)).version as number;
      expect((await call(t.method, t.path(id), t.email, { ...(await t.body(id, 1)), version: base })).status).toBe(200);
      const now = await t.read(id);

      const stale = await call(t.method, t.path(id), t.email, { ...(await t.body(id, 2)), version: base });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe("CONFLICT");
      expect((stale.body.current as Json)[t.field]).toEqual(now[t.field]);
      expect((stale.body.current as Json).version).toBe(now.version);

      const ifMatch = await call(t.method, t.path(id), t.email, await t.body(id, 3), { "If-Match": `"${base}"` });
      expect(ifMatch.status).toBe(409);

      const viaTrpc = await trpc(t.procedure, t.email, { id, ...(await t.body(id, 4)), version: base });
      expect(viaTrpc.status).toBe(409);
      expect(viaTrpc.error?.data.current?.version).toBe(now.version);
      expect(await t.read(id)).toEqual(now);
    });

    it("writes an edit that names no version (the last write wins) and one with the current If-Match", async () => {
      const id = await t.create();
      const first = await call(t.method, t.path(id), t.email, await t.body(id, 1));
      expect(first.status).toBe(200);
      const etag = `"${(await t.read(id)).version}"`;
      const second = await call(t.method, t.path(id), t.email, await t.body(id, 2), { "If-Match": etag });
      expect(second.status).toBe(200);
      expect((await t.read(id))[t.field]).toEqual(second.body[t.field]);
    });

    it("lets exactly one of two edits based on the same version win", async () => {
      const id = await t.create();
      const version = (await t.read(id)).version;
      const [a, b] = [await t.body(id, 1), await t.body(id, 2)];
      const results = await Promise.all([
        call(t.method, t.path(id), t.email, { ...a, version }),
        call(t.method, t.path(id), t.email, { ...b, version }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      const after = await t.read(id);
      expect(after[t.field]).toEqual(winner.body[t.field]);
      expect(after.version).toBe((version as number) + 1);
    });
  });
}

let ticketCount = 0;
const ticketTitles = ["Printer jams on every job", "Printer jams on tray two", "Printer offline again"];
checksOf({
  name: "tickets",
  email: AGENT,
  async create() {
    const res = await call("POST", "/api/tickets", AGENT, {
      title: `VPN drops every hour ${++ticketCount}`,
      description: "The VPN client disconnects every hour on the hour.",
      type: "INCIDENT",
      priority: "P3",
      requesterName: "Dana Whitfield",
      requesterEmail: "dana@acme.test",
      clientId: acme,
      assigneeId: "",
      tags: [],
    });
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", `/api/tickets/${id}`, AGENT);
    expect(res.etag).toBe(`"${res.body.version}"`);
    const { comments: _, ...ticket } = res.body;
    return ticket;
  },
  method: "PATCH",
  path: (id) => `/api/tickets/${id}`,
  field: "title",
  body: async (_id, n) => ({ title: ticketTitles[(n - 1) % 3]! + (n > 3 ? " (4)" : "") }),
  procedure: "tickets.update",
});

let serial = 0;
const deviceSerials = new Map<string, string>();
checksOf({
  name: "devices",
  email: AGENT,
  async create() {
    const serialNumber = `VER-${++serial}-${Date.now()}`;
    const res = await call("POST", "/api/devices", AGENT, { clientId: acme, serialNumber, deviceType: "laptop" });
    deviceSerials.set(res.body.id as string, serialNumber);
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", `/api/devices?q=${deviceSerials.get(id)}`, AGENT);
    return (res.body as unknown as Json[]).find((d) => d.id === id)!;
  },
  method: "PUT",
  path: (id) => `/api/devices/${id}`,
  field: "location",
  body: async (id, n) => ({ serialNumber: deviceSerials.get(id), deviceType: "laptop", location: `Room ${n}` }),
  procedure: "devices.update",
});

let person = 0;
checksOf({
  name: "users",
  email: ADMIN,
  async create() {
    const res = await call("POST", "/api/register", ADMIN, {
      name: "Robin Versioned",
      email: `robin.${++person}.${Date.now()}@northwind.test`,
      password: "Lantern-Quartz-Meadow-91",
      role: "AGENT",
    });
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", "/api/users", ADMIN);
    return (res.body.users as Json[]).find((u) => u.id === id)!;
  },
  method: "PATCH",
  path: (id) => `/api/users/${id}`,
  field: "name",
  body: async (_id, n) => ({ name: `Robin Versioned ${n}` }),
  procedure: "users.update",
});

let company = 0;
checksOf({
  name: "clients",
  email: ADMIN,
  async create() {
    const res = await call("POST", "/api/clients", ADMIN, { name: `Versioned Co ${++company} ${Date.now()}` });
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", "/api/clients", ADMIN);
    return (res.body.clients as Json[]).find((c) => c.id === id)!;
  },
  method: "PATCH",
  path: (id) => `/api/clients/${id}`,
  field: "description",
  body: async (_id, n) => ({ description: `Dental practice, floor ${n}` }),
  procedure: "clients.update",
});

checksOf({
  name: "canned replies",
  email: AGENT,
  async create() {
    const res = await call("POST", "/api/canned-replies", AGENT, {
      title: "Reboot first",
      body: "Please restart.",
      shared: true,
    });
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", `/api/canned-replies/${id}`, AGENT);
    expect(res.etag).toBe(`"${res.body.version}"`);
    return res.body;
  },
  method: "PATCH",
  path: (id) => `/api/canned-replies/${id}`,
  field: "body",
  body: async (_id, n) => ({ body: `Please restart the computer, then try again (${n}).` }),
  procedure: "cannedReplies.update",
});

let view = 0;
checksOf({
  name: "saved views",
  email: AGENT,
  async create() {
    const res = await call("POST", "/api/views", AGENT, { name: `Mine ${++view}`, shared: false, filters: {} });
    return res.body.id as string;
  },
  async read(id) {
    const res = await call("GET", "/api/views", AGENT);
    return (res.body.views as Json[]).find((v) => v.id === id)!;
  },
  method: "PATCH",
  path: (id) => `/api/views/${id}`,
  field: "name",
  body: async (id, n) => ({ name: `View ${id.slice(-4)} ${n}` }),
  procedure: "views.update",
});

/** The SLA policy is one record: each check starts from it as it is. */
const readPolicy = async () => {
  const res = await call("GET", "/api/sla/policy", ADMIN);
  expect(res.etag).toBe(`"${res.body.version}"`);
  return res.body;
};
checksOf({
  name: "the SLA policy",
  email: ADMIN,
  create: async () => "policy",
  read: () => readPolicy(),
  method: "PUT",
  path: () => "/api/sla/policy",
  field: "atRiskPercent",
  async body(_id, n) {
    const { updatedAt: _u, updatedByName: _n, version: _v, ...policy } = await readPolicy();
    return { ...policy, atRiskPercent: 60 + n };
  },
  procedure: "sla.updatePolicy",
});

describe("ticket side writes", () => {
  it("a comment, an assignment and a client's edit each move the ticket's version", async () => {
    const created = await call("POST", "/api/tickets", AGENT, {
      title: "Shared drive is read-only",
      description: "Nobody can save to the S: drive since the update.",
      type: "INCIDENT",
      priority: "P3",
      requesterName: "Dana Whitfield",
      requesterEmail: "client@acme.test",
      clientId: acme,
    });
    const id = created.body.id as string;
    const versionOf = async () => (await call("GET", `/api/tickets/${id}`, AGENT)).body.version as number;
    const v1 = await versionOf();
    await call("POST", `/api/tickets/${id}/comments`, AGENT, { content: "Looking into it.", internal: true });
    const v2 = await versionOf();
    expect(v2).toBeGreaterThan(v1);
    await call("POST", `/api/tickets/${id}/assign-to-me`, AGENT, {});
    const v3 = await versionOf();
    expect(v3).toBeGreaterThan(v2);

    // The client's own edit is checked the same way, against the same version.
    const stale = await call("PATCH", `/api/client/tickets/${id}`, ACME, { priority: "P2", version: v1 });
    expect(stale.status).toBe(409);
    expect((stale.body.current as Json).version).toBe(v3);
    const fresh = await call("PATCH", `/api/client/tickets/${id}`, ACME, { priority: "P2", version: v3 });
    expect(fresh.status).toBe(200);
    expect(await versionOf()).toBe(v3 + 1);
  });

  it("refuses an If-Match that is not a version with 400", async () => {
    const res = await call(
      "PATCH",
      "/api/tickets/00000000-0000-7000-8000-000000000000",
      AGENT,
      { title: "Any title" },
      {
        "If-Match": "not-a-version",
      },
    );
    expect(res.status).toBe(400);
  });
});
