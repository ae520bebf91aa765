// API keys over HTTP (docs/features.md §13): created by an admin and shown once, stored hashed, reaching
// only the operations that name a scope the key holds, confined to its company when bound, refused once
// revoked or expired, and limited per key.
import { beforeAll, describe, expect, it } from "vitest";
import { accountEvents, apiKeys, eq, rateLimits, tickets } from "@repo/db";
import type { ApiKey, ApiKeyCreated, ApiKeyScope } from "@repo/validators";
import { ACME, ADMIN, AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { hashSecret } from "../auth/session.js";
import { API_KEY_LIMIT } from "../api-keys/caller.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);
let acme: string;
let birch: string;

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
});

async function createKey(scopes: ApiKeyScope[], extra: { clientId?: string; expiresAt?: string } = {}) {
  const res = await server.request("/api/api-keys", {
    method: "POST",
    token: tokens[ADMIN],
    json: { name: `Key ${Math.random().toString(36).slice(2, 8)}`, scopes, ...extra },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ApiKeyCreated;
}

const withKey = (secret: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(path, { ...init, token: secret });

async function anyTicketOf(clientId: string): Promise<string> {
  const [row] = await server.services.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.clientId, clientId))
    .limit(1);
  return row!.id;
}

describe("managing keys", () => {
  it("answers the secret once, keeps only its hash, lists the key by its prefix and logs the creation", async () => {
    const { key, secret } = await createKey(["tickets:read"]);
    expect(secret).toMatch(/^mk_live_[a-z2-7]{32}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const [row] = await server.services.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(key.prefix.length));

    const list = (await (await server.request("/api/api-keys", { token: tokens[ADMIN] })).json()) as ApiKey[];
    const listed = list.find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({ prefix: key.prefix, scopes: ["tickets:read"], revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(secret);

    const events = await server.services.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.action, "api_key_created"));
    expect(events.length).toBeGreaterThan(0);
  });

  it("is for admins only, and refuses a bad scope or a past expiry with a message", async () => {
    const asAgent = await server.request("/api/api-keys", { token: tokens[AGENT] });
    expect(asAgent.status).toBe(403);
    const badScope = await server.request("/api/api-keys", {
      method: "POST",
      token: tokens[ADMIN],
      json: { name: "x", scopes: ["tickets:delete"] },
    });
    expect(badScope.status).toBe(400);
    const past = await server.request("/api/api-keys", {
      method: "POST",
      token: tokens[ADMIN],
      json: { name: "x", scopes: ["tickets:read"], expiresAt: "2001-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: string }).error).toContain("Expiry must be in the future");
  });

  it("cannot be managed with a key", async () => {
    const { secret } = await createKey(["tickets:read", "tickets:write"]);
    const res = await withKey(secret, "/api/api-keys");
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("API keys cannot call this operation");
  });
});

describe("a key's scopes", () => {
  it("reads tickets with tickets:read and is refused a write naming the missing scope", async () => {
    const { secret } = await createKey(["tickets:read"]);
    const list = await withKey(secret, "/api/tickets");
    expect(list.status).toBe(200);
    const id = await anyTicketOf(acme);
    expect((await withKey(secret, `/api/tickets/${id}`)).status).toBe(200);
    const write = await withKey(secret, `/api/tickets/${id}`, { method: "PATCH", json: { priority: "P1" } });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: string }).error).toBe("This API key lacks the scope tickets:write");
    const devices = await withKey(secret, "/api/devices");
    expect(devices.status).toBe(403);
    expect(((await devices.json()) as { error: string }).error).toBe("This API key lacks the scope devices:read");
  });

  it("refuses an operation that names no key scope, whatever the key holds", async () => {
    const { secret } = await createKey(["tickets:read", "tickets:write", "devices:read", "billing:read"]);
    for (const path of ["/api/users", "/api/auth/me", "/api/clients", "/api/billing/settings"]) {
      const res = await withKey(secret, path);
      expect(res.status, path).toBe(403);
    }
  });

  it("is refused by the plain routes (files, exports, streams), which check no scope", async () => {
    const { secret } = await createKey(["devices:read", "tickets:read", "billing:read"]);
    for (const path of ["/api/devices.csv", "/api/time/entries.csv", `/api/attachments/${acme}`]) {
      const res = await withKey(secret, path);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("API keys cannot call this operation");
    }
  });

  it("writes under the audit name 'API key <name>'", async () => {
    const { key, secret } = await createKey(["tickets:write", "tickets:read"]);
    const id = await anyTicketOf(acme);
    const res = await withKey(secret, `/api/tickets/${id}/comments`, {
      method: "POST",
      json: { content: "Checked from the monitoring integration.", internal: true },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { authorName: string }).authorName).toBe(`API key ${key.name}`);
  });

  it("reads invoices with billing:read", async () => {
    const { secret } = await createKey(["billing:read"]);
    expect((await withKey(secret, "/api/billing/invoices")).status).toBe(200);
  });
});

describe("a key bound to a company", () => {
  it("reaches that company's rows only", async () => {
    const { secret } = await createKey(["tickets:read", "devices:read", "tickets:write"], { clientId: acme });
    const list = (await (await withKey(secret, "/api/tickets?pageSize=100")).json()) as {
      tickets: { clientId: string }[];
    };
    expect(list.tickets.length).toBeGreaterThan(0);
    expect(new Set(list.tickets.map((t) => t.clientId))).toEqual(new Set([acme]));
    expect((await withKey(secret, `/api/tickets/${await anyTicketOf(birch)}`)).status).toBe(404);
    const other = await withKey(secret, `/api/tickets/${await anyTicketOf(birch)}`, {
      method: "PATCH",
      json: { priority: "P1" },
    });
    expect(other.status).toBe(404);
    const devices = (await (await withKey(secret, "/api/devices")).json()) as { clientId: string }[];
    expect(devices.length).toBeGreaterThan(0);
    expect(new Set(devices.map((d) => d.clientId))).toEqual(new Set([acme]));
  });
});

describe("refused keys", () => {
  it("answers 401 to an unknown, a revoked and an expired key", async () => {
    expect((await withKey("mk_live_doesnotexistdoesnotexist00000", "/api/tickets")).status).toBe(401);

    const { key, secret } = await createKey(["tickets:read"]);
    expect((await withKey(secret, "/api/tickets")).status).toBe(200);
    const revoked = await server.request(`/api/api-keys/${key.id}/revoke`, { method: "POST", token: tokens[ADMIN] });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as ApiKey).revokedAt).not.toBeNull();
    const after = await withKey(secret, "/api/tickets");
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toBe("This API key was revoked");

    const soon = await createKey(["tickets:read"], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await server.services.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, soon.key.id));
    const expired = await withKey(soon.secret, "/api/tickets");
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: string }).error).toBe("This API key has expired");
  });

  it("answers 429 with Retry-After past the key's own limit, and stamps its last use", async () => {
    const { key, secret } = await createKey(["tickets:read"]);
    expect((await withKey(secret, "/api/tickets")).status).toBe(200);
    const [used] = await server.services.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();
    await server.services.db
      .update(rateLimits)
      .set({ count: API_KEY_LIMIT.max })
      .where(eq(rateLimits.key, `api-key:${key.id}`));
    const limited = await withKey(secret, "/api/tickets");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the knowledge base through keys", () => {
  const slugs = async (secret: string) => {
    const res = await withKey(secret, "/api/knowledge/articles?limit=50");
    expect(res.status).toBe(200);
    return ((await res.json()) as { slug: string }[]).map((a) => a.slug);
  };

  it("a company's knowledge:read key reads what its clients read, and never the editor", async () => {
    const { secret } = await createKey(["knowledge:read"], { clientId: acme });
    const read = await slugs(secret);
    expect(read).toContain("acme-dental-vpn-from-home");
    expect(read).toContain("share-large-files-securely");
    expect(read).not.toContain("birch-legal-boardroom-printer");
    expect(read).not.toContain("acme-dental-firewall-admin-notes");
    expect(read).not.toContain("training-room-projector");
    expect((await withKey(secret, "/api/knowledge/articles/birch-legal-boardroom-printer")).status).toBe(404);

    const editor = await withKey(secret, "/api/knowledge/editor/articles", {
      method: "POST",
      json: { title: "By a key", category: "How-to", body: "Steps.", visibility: "public" },
    });
    expect(editor.status).toBe(403);
    expect(await editor.text()).toContain("knowledge:write");
  });

  it("writes articles only with knowledge:write on a key bound to no company", async () => {
    const article = {
      title: "Written by a key",
      slug: "written-by-a-key",
      category: "How-to",
      body: "Steps.",
      visibility: "internal",
    };
    const bound = await createKey(["knowledge:write"], { clientId: acme });
    const refused = await withKey(bound.secret, "/api/knowledge/editor/articles", { method: "POST", json: article });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("bound to one company");

    const unbound = await createKey(["knowledge:write"]);
    const written = await withKey(unbound.secret, "/api/knowledge/editor/articles", { method: "POST", json: article });
    expect(written.status).toBe(200);
    const { id } = (await written.json()) as { id: string };
    expect(
      (await withKey(unbound.secret, `/api/knowledge/editor/articles/${id}/publish`, { method: "POST" })).status,
    ).toBe(200);
    // Reading is a scope of its own.
    expect((await withKey(unbound.secret, "/api/knowledge/articles")).status).toBe(403);
  });
});
