// Every operation of the OpenAPI document, with one hostile value at a time in an otherwise valid request,
// as an anonymous visitor, a client and an admin: the server must answer each with a 2xx or a 4xx, never a
// 5xx, and still be alive at the end. The hostile values are those an attack review used: NUL, lone
// surrogates, 1 MB strings, years 0000 and 99999, huge and negative numbers, __proto__ keys, wrong types.
// The mail webhook gets hostile MIME the same way (mails: test/hostile-mime.ts): each is taken or
// quarantined, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, devices, eq, outbox, tickets, users } from "@repo/db";
import { startTestServer, type TestServer } from "../test/harness.js";
import { hostileMimeMessages } from "../test/hostile-mime.js";
import { newMail } from "../test/mails.js";
import { openApiDocument } from "./openapi.js";

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  body?: Record<string, Schema>;
}

const MB = "x".repeat(1024 * 1024);
const HOSTILE_STRINGS = [
  "nul\u0000inside",
  "lone \ud800 surrogate",
  "\udfff",
  MB,
  "0000-01-01",
  "99999-12-31",
  "1e308",
  "-1",
  "' OR 1=1 --",
  "%_\\",
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  1e308,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
  -0.5,
  true,
  null,
  [],
  ["a\u0000"],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"role": "ADMIN"}}'),
];
/** Query strings are bytes: raw invalid UTF-8 and NUL as the wire carries them. */
const HOSTILE_QUERY = [
  "%00",
  "%ED%A0%80",
  "%FF",
  encodeURIComponent(MB.slice(0, 64 * 1024)),
  "0000-01-01",
  "-1",
  "1e308",
];

const MAIL_INBOUND_SECRET = "inbound-secret-of-the-fuzz-0123456789";
let server: TestServer;
let ids: Record<string, string>;
let tokens: Record<"anonymous" | "client" | "admin", string | undefined>;
let requests = 0;
const failures: string[] = [];

function operations(): Operation[] {
  const doc = openApiDocument();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, unknown>)) {
      const op = raw as {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        body: op.requestBody?.content?.["application/json"]?.schema?.properties,
      });
    }
  }
  return ops;
}

/** A value the schema accepts (or nearly: the point is to reach past validation with one bad field). */
function sample(name: string, schema: Schema): unknown {
  const s = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "boolean") return name === "active";
  if (type === "number" || type === "integer") return 1;
  if (type === "array") return [];
  if (type === "object") return {};
  if (name === "clientId") return ids.client;
  if (name === "assigneeId") return ids.agent;
  if (s.format === "email" || /email/i.test(name)) return "fuzz@acme.test";
  if (/Date|Expiry/.test(name)) return "2026-01-15";
  if (name === "lastCheckIn") return "2026-01-15T10:00:00.000Z";
  if (name === "password") return "a-long-enough-password";
  if (name === "csv") return "serialNumber\nFUZZ-1";
  return "A valid enough text value for fuzzing";
}

function pathFor(path: string, id: string): string {
  return path.replace("{id}", id);
}

function idFor(path: string): string {
  if (path.startsWith("/devices")) return ids.device!;
  if (path.startsWith("/users")) return ids.viewer!;
  if (path.startsWith("/clients")) return ids.client!;
  if (path.startsWith("/mails")) return ids.mail!;
  return ids.ticket!;
}

async function send(role: keyof typeof tokens, method: string, path: string, body?: string) {
  requests++;
  const headers: Record<string, string> = { "x-forwarded-for": `10.${requests % 250}.${(requests >> 8) % 250}.7` };
  if (tokens[role]) headers.authorization = `Bearer ${tokens[role]}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const url = `${server.url}/api${path}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
    await response.arrayBuffer();
  } catch (error) {
    // Node answers a request head over its 16 KB limit with 431 and closes the socket, which a client
    // still sending its body may see as a reset: a refusal, not a failure. Any other dropped request is one.
    if (url.length > NODE_MAX_HEADER_BYTES) return;
    failures.push(`${role} ${method} ${path.slice(0, 120)} -> ${String((error as Error).cause ?? error)}`);
    return;
  }
  if (response.status >= 500)
    failures.push(`${role} ${method} ${path.slice(0, 120)} ${body?.slice(0, 120) ?? ""} -> ${response.status}`);
}

beforeAll(async () => {
  server = await startTestServer({ config: { TRUST_PROXY: 1, MAIL_INBOUND_SECRET } });
  const { db } = server.services;
  const [acme] = await db.select().from(clients).where(eq(clients.name, "Acme Dental"));
  const [agent] = await db.select().from(users).where(eq(users.email, "agent@northwind.test"));
  const [viewer] = await db.select().from(users).where(eq(users.email, "viewer@northwind.test"));
  const [ticket] = await db.select().from(tickets).where(eq(tickets.clientId, acme!.id)).limit(1);
  const [device] = await db.select().from(devices).where(eq(devices.clientId, acme!.id)).limit(1);
  const [mail] = await db.select().from(outbox).limit(1);
  ids = {
    client: acme!.id,
    agent: agent!.id,
    viewer: viewer!.id,
    ticket: ticket!.id,
    device: device!.id,
    mail: mail?.id ?? ticket!.id,
  };
  tokens = {
    anonymous: undefined,
    client: await server.login("client@acme.test"),
    admin: await server.login("admin@northwind.test"),
  };
}, 60_000);
afterAll(() => server?.close());

/** Node's default limit on a request's head (--max-http-header-size). */
const NODE_MAX_HEADER_BYTES = 16 * 1024;

/** Requests in flight at once: the server answers while the next ones are built and sent, as under real load. */
const IN_FLIGHT = 4;

type Request = Parameters<typeof send>;

/** The status a role gets for an operation's valid request (its sample body), without counting it as fuzz. */
async function probe(role: keyof typeof tokens, op: Operation, body: string | undefined): Promise<number> {
  const headers: Record<string, string> = { "x-forwarded-for": "10.251.0.7" };
  if (tokens[role]) headers.authorization = `Bearer ${tokens[role]}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.url}/api${pathFor(op.path, idFor(op.path))}`, {
    method: op.method,
    headers,
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Every hostile request, for every role and operation: one bad value at a time in an otherwise valid call.
 * A role that a valid call already refuses (401 or 403: the procedure's role check runs before its input
 * is validated) gets the whole-body, path and query values but not the per-field ones: those would only
 * ask the same refusal again, and the roles that pass the check send them through validation. That is
 * most of the anonymous visitor's and much of the client's share, the 1 MB bodies among them.
 */
async function hostileRequests(): Promise<Request[]> {
  // Signing out would end the very sessions the fuzz runs with.
  const ops = operations().filter((op) => op.path !== "/auth/logout");
  const all: Request[] = [];
  for (const role of ["anonymous", "client", "admin"] as const) {
    for (const op of ops) {
      const path = pathFor(op.path, idFor(op.path));
      const valid = op.body
        ? Object.fromEntries(Object.entries(op.body).map(([name, schema]) => [name, sample(name, schema)]))
        : undefined;
      const refused = role !== "admin" && [401, 403].includes(await probe(role, op, valid && JSON.stringify(valid)));
      if (op.path.includes("{id}")) {
        for (const bad of HOSTILE_QUERY) all.push([role, op.method, pathFor(op.path, bad), op.body ? "{}" : undefined]);
      }
      for (const name of op.query) {
        for (const bad of HOSTILE_QUERY) all.push([role, op.method, `${path}?${name}=${bad}`]);
      }
      if (!op.body || !valid) continue;
      for (const name of refused ? [] : Object.keys(op.body)) {
        for (const bad of HOSTILE_VALUES) all.push([role, op.method, path, JSON.stringify({ ...valid, [name]: bad })]);
      }
      for (const whole of ["[]", '"text"', "null", "1e999", '{"__proto__":{"x":1}}', "{"]) {
        all.push([role, op.method, path, whole]);
      }
    }
  }
  return all;
}

describe("fuzzing every REST operation", () => {
  it("answers every hostile request with a 2xx or 4xx, and stays up", async () => {
    const queue = await hostileRequests();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await send(...next);
      }),
    );
    console.log(`fuzz: ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.login("admin@northwind.test")).toMatch(/^[a-z2-7]{32}$/);
  }, 900_000);
});

describe("fuzzing the mail webhook with hostile MIME", () => {
  it("takes or quarantines every hostile mail, answering none with a 5xx, and still takes a good one", async () => {
    const answers: string[] = [];
    const failed: string[] = [];
    for (const { name, raw, contentType } of hostileMimeMessages()) {
      const res = await fetch(`${server.url}/api/mail/inbound`, {
        method: "POST",
        headers: { authorization: `Bearer ${MAIL_INBOUND_SECRET}`, "content-type": contentType ?? "message/rfc822" },
        body: new Uint8Array(raw),
      });
      const body = await res.text();
      answers.push(`${name}: ${res.status} ${body.slice(0, 80)}`);
      if (res.status >= 500) failed.push(`mail ${name} -> ${res.status} ${body.slice(0, 200)}`);
    }
    const quarantined = answers.filter((a) => a.includes('"quarantined"')).length;
    console.log(`fuzz: ${answers.length} hostile mails, ${quarantined} quarantined, ${failed.length} answered 5xx`);
    expect(failed).toEqual([]);
    const good = await fetch(`${server.url}/api/mail/inbound`, {
      method: "POST",
      headers: { authorization: `Bearer ${MAIL_INBOUND_SECRET}`, "content-type": "message/rfc822" },
      body: new Uint8Array(await newMail("front-desk@acme.test", "After the fuzz", "Still working.")),
    });
    // A ticket, or an enquiry once the REST fuzz above has changed the company the domain belongs to.
    expect(["ticket", "enquiry"]).toContain(((await good.json()) as { outcome: string }).outcome);
  }, 120_000);
});
