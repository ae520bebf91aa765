// POST /api/devices/checkin over HTTP (docs/features.md §12), on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL: enrolment tokens, hostile bodies refused with nothing stored, company isolation, stale
// marking on a fixed clock, and one compliance ticket per device and problem, resolved on recovery.
import { once } from "node:events";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { count, deviceComplianceTickets, deviceFacts, devices, eq, like, rateLimits, tickets } from "@repo/db";
import { CHECKIN_SETTINGS_DEFAULTS, type CheckinPayload } from "@repo/validators";
import { markStaleDevices } from "../devices/stale.js";
import { deleteOldDeviceFacts } from "../devices/history.js";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME, BIRCH]);
let acme: string;
let birch: string;
let acmeToken: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const facts = (serial: string, extra: Partial<CheckinPayload> = {}): CheckinPayload => ({
  hostname: `host-${serial}`,
  serial,
  manufacturer: "LENOVO",
  model: "ThinkPad T14",
  os: "Microsoft Windows 11 Pro",
  osBuild: "22631",
  signedInUser: "ACME\\dana",
  encryption: { kind: "BitLocker", enabled: true },
  antivirus: { name: "Microsoft Defender", enabled: true, signatureAgeDays: 1 },
  lastUpdateAt: daysAgo(3),
  diskTotalBytes: 512_000_000_000,
  diskFreeBytes: 200_000_000_000,
  ipAddresses: ["10.0.0.12", "fe80::1"],
  ...extra,
});

const checkin = (body: unknown, token = acmeToken, init: RequestInit = {}) =>
  server.request("/api/devices/checkin", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function createToken(clientId: string, as = ADMIN): Promise<Response> {
  return server.request(`/api/clients/${clientId}/enrolment-tokens`, {
    method: "POST",
    token: tokens[as],
    json: { label: "Intune rollout" },
  });
}

const db = () => server.services.db;
const stored = async () => ({
  devices: (await db().select({ n: count() }).from(devices))[0]!.n,
  facts: (await db().select({ n: count() }).from(deviceFacts))[0]!.n,
});
const deviceBySerial = async (serial: string) =>
  (await db().select().from(devices).where(eq(devices.serialNumber, serial)))[0];
const complianceTicketsOf = async (deviceId: string) =>
  db()
    .select({ problem: deviceComplianceTickets.problem, ticketId: deviceComplianceTickets.ticketId })
    .from(deviceComplianceTickets)
    .where(eq(deviceComplianceTickets.deviceId, deviceId));
const ticketsAbout = async (serial: string) =>
  (await db().select().from(tickets)).filter((t) => t.title.includes(`(${serial})`));

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  const res = await createToken(acme);
  expect(res.status).toBe(200);
  acmeToken = ((await res.json()) as { secret: string }).secret;
});

describe("enrolment tokens", () => {
  it("shows the secret once, stores only its hash, and lets only admins write", async () => {
    const created = (await (await createToken(birch)).json()) as { id: string; secret: string };
    expect(created.secret).toMatch(/^ckin_/);
    const list = await server.request(`/api/clients/${birch}/enrolment-tokens`, { token: tokens[AGENT] });
    expect(list.status).toBe(200);
    const listed = (await list.json()) as Record<string, unknown>[];
    expect(listed.map((t) => t.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect((await createToken(birch, AGENT)).status).toBe(403);
    expect((await createToken(birch, ACME)).status).toBe(403);
    const clientRead = await server.request(`/api/clients/${birch}/enrolment-tokens`, { token: tokens[ACME] });
    expect(clientRead.status).toBe(403);
  });

  it("refuses an unknown or revoked token with 401, and stamps last used", async () => {
    const created = (await (await createToken(acme)).json()) as { id: string; secret: string };
    expect((await checkin(facts("REVOKE-1"), created.secret)).status).toBe(201);
    const revoked = await server.request(`/api/enrolment-tokens/${created.id}/revoke`, {
      method: "POST",
      token: tokens[ADMIN],
    });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { lastUsedAt: string | null }).lastUsedAt).not.toBeNull();
    const before = await stored();
    const refused = await checkin(facts("REVOKE-2"), created.secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/enrolment token/);
    expect((await checkin(facts("REVOKE-2"), "ckin_not-a-token")).status).toBe(401);
    expect((await checkin(facts("REVOKE-2"), "")).status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe("POST /api/devices/checkin", () => {
  it("adds a new device in use, flagged for review, with the facts over the typed columns", async () => {
    const res = await checkin(facts("NEW-1", { encryption: undefined }));
    expect(res.status).toBe(201);
    const { deviceId, created } = (await res.json()) as { deviceId: string; created: boolean };
    expect(created).toBe(true);
    const device = await deviceBySerial("NEW-1");
    expect(device).toMatchObject({
      id: deviceId,
      clientId: acme,
      status: "IN_USE",
      needsReview: true,
      stale: false,
      model: "LENOVO ThinkPad T14",
      platform: "Windows",
      assignedUser: "ACME\\dana",
      encryptionEnabled: false,
    });
    expect(device!.facts).toMatchObject({ hostname: "host-NEW-1", osBuild: "22631" });
    expect(device!.factsAt).not.toBeNull();
  });

  it("updates the same device by serial: facts win for what they report, typed values stay for the rest", async () => {
    await checkin(facts("UPD-1"));
    const device = await deviceBySerial("UPD-1");
    await db().update(devices).set({ location: "Front desk", needsReview: false }).where(eq(devices.id, device!.id));
    const res = await checkin(facts("UPD-1", { signedInUser: "ACME\\sam", model: "ThinkPad X1" }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { created: boolean }).created).toBe(false);
    const after = await deviceBySerial("UPD-1");
    expect(after).toMatchObject({
      id: device!.id,
      assignedUser: "ACME\\sam",
      model: "LENOVO ThinkPad X1",
      location: "Front desk",
      needsReview: false,
    });
    expect(after!.version).toBe(device!.version + 2);
    const history = await db().select().from(deviceFacts).where(eq(deviceFacts.deviceId, device!.id));
    expect(history).toHaveLength(2);
  });

  it("refuses a serial another company holds, without naming it, and changes nothing there", async () => {
    const [birchDevice] = await db().select().from(devices).where(eq(devices.clientId, birch)).limit(1);
    const before = await stored();
    const res = await checkin(facts(birchDevice!.serialNumber));
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/already registered to another company/);
    expect(error).not.toMatch(/Birch/);
    expect(await stored()).toEqual(before);
    expect(await deviceBySerial(birchDevice!.serialNumber)).toEqual(birchDevice);
  });

  it("keeps companies apart: a device checked in with Acme's token is Acme's alone", async () => {
    await checkin(facts("ISO-1"));
    const birchList = await server.request("/api/devices?q=ISO-1", { token: tokens[BIRCH] });
    expect(await birchList.json()).toEqual([]);
    const acmeList = await server.request("/api/devices?q=ISO-1", { token: tokens[ACME] });
    const listed = (await acmeList.json()) as Record<string, unknown>[];
    expect(listed.map((d) => d.serialNumber)).toEqual(["ISO-1"]);
    // The inventory shows what came from the device, when, and the flags.
    expect(listed[0]).toMatchObject({
      facts: { hostname: "host-ISO-1", diskFreeBytes: 200_000_000_000 },
      factsAt: expect.any(String),
      stale: false,
      needsReview: true,
    });
  });

  it("refuses hostile bodies with a 4xx and a reason, storing nothing", async () => {
    const before = await stored();
    const manyFields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, 1]));
    const cases: [string, unknown, number, RegExp][] = [
      ["huge", facts("HOST-1", { hostname: "x".repeat(200_000) }), 413, /at most 16 KB/],
      ["10,000 fields", { ...facts("HOST-2"), ...manyFields }, 413, /at most 16 KB/],
      ["an unknown key", { ...facts("HOST-3"), extra: 1 }, 400, /Unrecognized key/i],
      ["a NUL byte", facts("HOST-4\u0000"), 400, /control characters/],
      ["a wrong type", { ...facts("HOST-5"), diskTotalBytes: "lots" }, 400, /number/],
      ["a nested wrong type", { ...facts("HOST-6"), encryption: { kind: "LUKS", enabled: "yes" } }, 400, /boolean/],
      ["an array", [facts("HOST-7")], 400, /object/],
      ["not JSON", "{serial:", 400, /not valid JSON/],
      ["a raw NUL", `{"serial":"\u0000"}`, 400, /not valid JSON|control/],
      ["too many addresses", facts("HOST-8", { ipAddresses: Array(33).fill("10.0.0.1") }), 400, /at most 32/],
      ["no serial", { ...facts("HOST-9"), serial: undefined }, 400, /"path":\["serial"\]/],
    ];
    for (const [what, body, status, reason] of cases) {
      const res = await checkin(body);
      expect(res.status, what).toBe(status);
      // The reason: the message, and for a field its path in `issues`.
      expect(JSON.stringify(await res.json()), what).toMatch(reason);
    }
    expect(await stored()).toEqual(before);
  });

  it("holds a body sent without a length (chunked) to the same limit, as it arrives", async () => {
    // A stream as the body: fetch sends it chunked, with no Content-Length to refuse it by up front.
    const chunked = (text: string, pieces: number) =>
      server.request("/api/devices/checkin", {
        method: "POST",
        token: acmeToken,
        headers: { "content-type": "application/json" },
        body: new ReadableStream({
          start(controller) {
            const size = Math.ceil(text.length / pieces);
            for (let i = 0; i < text.length; i += size)
              controller.enqueue(new TextEncoder().encode(text.slice(i, i + size)));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const before = await stored();
    const huge = await chunked(JSON.stringify(facts("CHUNK-1", { hostname: "x".repeat(40_000) })), 8);
    expect(huge.status).toBe(413);
    expect(huge.headers.get("connection")).toBe("close");
    expect(JSON.stringify(await huge.json())).toMatch(/at most 16 KB/);
    expect(await stored()).toEqual(before);
    const fine = await chunked(JSON.stringify(facts("CHUNK-2")), 4);
    expect(fine.status).toBe(201);
    expect((await deviceBySerial("CHUNK-2"))?.facts).toMatchObject({ hostname: "host-CHUNK-2" });
  });

  it("stores nothing for a body cut off by the client, and goes on answering", async () => {
    const before = await stored();
    const body = JSON.stringify(facts("CUT-1"));
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await once(socket, "connect");
    socket.write(
      `POST /api/devices/checkin HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${acmeToken}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 100)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toEqual(before);
    expect((await checkin(facts("CUT-2"))).status).toBe(201);
  });

  it("limits check-ins per device", async () => {
    for (let i = 0; i < 12; i++) expect((await checkin(facts("RATE-1"))).status).toBeLessThan(300);
    const limited = await checkin(facts("RATE-1"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await checkin(facts("RATE-2"))).status).toBe(201);
  });

  it("limits check-ins per enrolment token, counted in the same statement, storing nothing", async () => {
    const tokenWindow = like(rateLimits.key, "checkin:token:%");
    await db().update(rateLimits).set({ count: 3000 }).where(tokenWindow);
    const before = await stored();
    const limited = await checkin(facts("RATE-3"));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toMatch(/this enrolment token/);
    expect(await stored()).toEqual(before);
    await db().update(rateLimits).set({ count: 0 }).where(tokenWindow);
    expect((await checkin(facts("RATE-3"))).status).toBe(201);
  });
});

describe("stale marking", () => {
  it("marks devices not seen for 14 days stale, on a fixed clock, and a check-in clears it", async () => {
    await checkin(facts("STALE-1"));
    const now = Date.now();
    expect(await markStaleDevices(db(), new Date(now + 13 * DAY))).toBe(0);
    expect((await deviceBySerial("STALE-1"))!.stale).toBe(false);
    const marked = await markStaleDevices(db(), new Date(now + 15 * DAY));
    expect(marked).toBeGreaterThanOrEqual(1);
    expect((await deviceBySerial("STALE-1"))!.stale).toBe(true);
    // A device only ever typed in is never marked; a second run marks nothing new.
    const typed = (await db().select().from(devices).where(eq(devices.clientId, birch))).filter((d) => !d.factsAt);
    expect(typed.every((d) => !d.stale)).toBe(true);
    expect(await markStaleDevices(db(), new Date(now + 15 * DAY))).toBe(0);
    await checkin(facts("STALE-1"));
    expect((await deviceBySerial("STALE-1"))!.stale).toBe(false);
  });

  it("purges history older than 90 days", async () => {
    await checkin(facts("HIST-1"));
    const device = await deviceBySerial("HIST-1");
    const purged = await deleteOldDeviceFacts(db(), new Date(Date.now() + 91 * DAY));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(deviceFacts).where(eq(deviceFacts.deviceId, device!.id))).toEqual([]);
  });
});

describe("compliance to tickets", () => {
  it("opens one ticket per device and problem, never a second while it is open, and no acknowledgement", async () => {
    const bad = facts("COMP-1", {
      encryption: { kind: "BitLocker", enabled: false },
      antivirus: { name: "Microsoft Defender", enabled: true, signatureAgeDays: 9 },
      lastUpdateAt: daysAgo(45),
    });
    expect((await checkin(bad)).status).toBe(201);
    expect((await checkin(bad)).status).toBe(200);
    const device = await deviceBySerial("COMP-1");
    const open = await ticketsAbout("COMP-1");
    expect(open.map((t) => t.title).sort()).toEqual([
      "host-COMP-1 (COMP-1): Antivirus signatures 9 days old",
      "host-COMP-1 (COMP-1): Disk not encrypted",
      "host-COMP-1 (COMP-1): No update for 45 days",
    ]);
    expect(open.every((t) => t.requesterEmail === "office@acme.test" && t.clientId === acme)).toBe(true);
    expect(await complianceTicketsOf(device!.id)).toHaveLength(3);
    const mails = await server.mailsTo("office@acme.test");
    expect(mails.filter((m) => m.subject.includes("COMP-1"))).toEqual([]);
  });

  it("opens one ticket when two check-ins find the same problem at the same instant", async () => {
    const bad = facts("COMP-2", { antivirus: { name: "Defender", enabled: false } });
    const answers = await Promise.all([checkin(bad), checkin(bad), checkin(bad)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await ticketsAbout("COMP-2")).map((t) => t.title)).toEqual(["host-COMP-2 (COMP-2): Antivirus off"]);
  });

  it("resolves a problem's ticket when the device recovers, and opens a new one if it comes back", async () => {
    const serial = "COMP-3";
    await checkin(facts(serial, { encryption: { kind: "LUKS", enabled: false }, lastUpdateAt: daysAgo(40) }));
    const device = await deviceBySerial(serial);
    await checkin(facts(serial, { encryption: { kind: "LUKS", enabled: true }, lastUpdateAt: daysAgo(40) }));
    const byTitle = Object.fromEntries((await ticketsAbout(serial)).map((t) => [t.title.split(": ")[1], t.status]));
    expect(byTitle).toEqual({ "Disk not encrypted": "RESOLVED", "No update for 40 days": "NEW" });
    expect((await complianceTicketsOf(device!.id)).map((c) => c.problem)).toEqual(["updates"]);

    await checkin(facts(serial, { encryption: { kind: "LUKS", enabled: false }, lastUpdateAt: daysAgo(1) }));
    const all = await ticketsAbout(serial);
    expect(all.filter((t) => t.status === "RESOLVED")).toHaveLength(2);
    expect(all.filter((t) => t.status === "NEW").map((t) => t.title)).toEqual([
      `host-${serial} (${serial}): Disk not encrypted`,
    ]);
  });

  it("opens no ticket when the setting is off", async () => {
    const settings = { ...CHECKIN_SETTINGS_DEFAULTS, complianceTickets: false };
    const put = (as: string) =>
      server.request("/api/settings/checkin", { method: "PUT", token: tokens[as], json: settings });
    expect((await put(AGENT)).status).toBe(403);
    expect((await put(ADMIN)).status).toBe(200);
    const read = await server.request("/api/settings/checkin", { token: tokens[ADMIN] });
    expect(await read.json()).toEqual(settings);
    await checkin(facts("COMP-4", { encryption: { kind: "BitLocker", enabled: false } }));
    expect(await ticketsAbout("COMP-4")).toEqual([]);
    const device = await deviceBySerial("COMP-4");
    expect(
      await db().select().from(deviceComplianceTickets).where(eq(deviceComplianceTickets.deviceId, device!.id)),
    ).toEqual([]);
  });
});
