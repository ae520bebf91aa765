// Hardening of the HTTP edge (attack review findings 3, 7 and 8): the address rate limits key on, the
// cross-site check for cookie writes, and the browser-facing headers.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";
import { expectRefused } from "../test/refusals.js";

const INLINE = "document.documentElement.dataset.probe = '1';";

function webDistWithInlineScript(): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-csp-"));
  writeFileSync(
    join(dir, "spa.html"),
    `<!doctype html><title>shell</title><script>${INLINE}</script><script type="application/ld+json">{"a":1}</script><div id=app></div>`,
  );
  return dir;
}

const contact = (i: number) => ({
  firstName: "Rate",
  lastName: `Limit ${i}`,
  email: `rate${i}@example.org`,
  message: "Testing which address the limit counts.",
});

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { TRUST_PROXY: 1 } });
  });
  afterAll(() => server?.close());

  it("counts the address the proxy added, not what the client wrote to the left of it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await server.request("/api/contact", {
        method: "POST",
        json: contact(i),
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.9` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe("cross-site writes and headers", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ app: { webDist: webDistWithInlineScript() } });
    const res = await server.request("/api/auth/login", {
      method: "POST",
      json: { email: "admin@northwind.test", password: "demo-password" },
    });
    cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  });
  afterAll(() => server?.close());

  const crossSiteWrite = (headers: Record<string, string>) =>
    server.request("/api/tickets/00000000-0000-0000-0000-000000000000/comments", {
      method: "POST",
      json: { content: "From another site" },
      headers: { cookie, origin: "https://evil.example", ...headers },
    });

  it("refuses a cookie write from another origin even with a Basic Authorization header", async () => {
    const res = await crossSiteWrite({ authorization: "Basic dXNlcjpwYXNz" });
    await expectRefused(res, 403, "Cross-site request refused", "FORBIDDEN");
  });

  it("ignores X-Forwarded-Host when no proxy is trusted", async () => {
    const res = await crossSiteWrite({ "x-forwarded-host": "evil.example" });
    expect(res.status).toBe(403);
  });

  it("refuses what the browser marks as cross-site even without an Origin", async () => {
    const res = await server.request("/api/auth/logout", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });

  it("lets a Bearer-token write through whatever its origin (a foreign page cannot hold the token)", async () => {
    const token = await server.login("admin@northwind.test");
    const res = await crossSiteWrite({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(404); // past the check: the ticket does not exist
  });

  it("allows the page's own inline scripts by hash, not 'unsafe-inline', and no foreign images", async () => {
    const res = await server.request("/client-dashboard");
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    const hash = createHash("sha256").update(INLINE).digest("base64");
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("connect-src 'self';");
    expect(await res.text()).toContain(INLINE);
  });

  it("marks API answers no-store, and sends no HSTS outside production", async () => {
    const token = await server.login("admin@northwind.test");
    const me = await server.request("/api/auth/me", { token });
    expect(me.headers.get("cache-control")).toBe("no-store");
    const trpc = await server.request("/trpc/auth.me", { token });
    expect(trpc.headers.get("cache-control")).toBe("no-store");
    expect(me.headers.get("strict-transport-security")).toBeNull();
    const script = await server.request("/api/docs/scalar.js");
    expect(script.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

describe("in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { NODE_ENV: "production" } });
  });
  afterAll(() => server?.close());

  it("tells browsers to use HTTPS only", async () => {
    const res = await server.request("/healthz");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
