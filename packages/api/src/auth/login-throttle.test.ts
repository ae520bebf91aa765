// Attack review findings 1 and 2: sign-in guesses cannot be multiplied by batching or parallel requests,
// and nobody can lock an account's owner out from elsewhere.
import { beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { LOGIN_LIMITS } from "./login-throttle.js";

const { server } = serverForFile([], { config: { TRUST_PROXY: 1 } });
beforeEach(async () => {
  await server.services.db.delete(rateLimits);
});

const login = (password: string, from: string, email = "admin@northwind.test") =>
  server.request("/api/auth/login", {
    method: "POST",
    json: { email, password },
    headers: { "x-forwarded-for": from },
  });

describe("sign-in guesses", () => {
  it("cannot be batched over tRPC: a batch of sign-ins is refused before any password is checked", async () => {
    const calls = Array.from({ length: 20 }, (_, i) => ({ email: "admin@northwind.test", password: `guess-${i}` }));
    calls.push({ email: "admin@northwind.test", password: "demo-password" });
    const paths = calls.map(() => "auth.login").join(",");
    const body = Object.fromEntries(calls.map((c, i) => [i, c]));
    const res = await server.request(`/trpc/${paths}?batch=1`, { method: "POST", json: body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).not.toContain("token");
    expect(await server.services.db.select().from(rateLimits)).toEqual([]);
  });

  it("cannot be batched with a percent-encoded comma either: the guard reads the decoded path", async () => {
    const body = {
      0: { email: "admin@northwind.test", password: "guess" },
      1: { email: "admin@northwind.test", password: "demo-password" },
    };
    for (const comma of ["%2C", "%2c"]) {
      const res = await server.request(`/trpc/auth.login${comma}auth.login?batch=1`, { method: "POST", json: body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).not.toContain("token");
    }
    expect(await server.services.db.select().from(rateLimits)).toEqual([]);
  });

  it("caps a batch of queries at the client's batch size", async () => {
    const token = await server.login("admin@northwind.test");
    const batch = (n: number) => {
      const input = encodeURIComponent(
        JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))),
      );
      return server.request(`/trpc/${Array(n).fill("tickets.list").join(",")}?batch=1&input=${input}`, { token });
    };
    expect((await batch(10)).status).toBe(200);
    expect((await batch(150)).status).toBe(400);
  });

  it("sent in parallel get no more password checks than the limit", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`wrong-${i}`, "203.0.113.40")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountAddress.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_LIMITS.accountAddress.max);
  });
});

describe("lockout", () => {
  it("stops guesses from one address without locking the owner out from theirs", async () => {
    for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`, "198.51.100.66")).status).toBe(401);
    const attacker = await login("demo-password", "198.51.100.66");
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login("demo-password", "192.0.2.10")).status).toBe(200);
  });

  it("bounds guesses spread over many addresses, and still admits the owner from a known address", async () => {
    expect((await login("demo-password", "192.0.2.20")).status).toBe(200); // the owner's office
    const max = LOGIN_LIMITS.accountFromUnknownAddresses.max;
    for (let i = 0; i < max; i++) await login(`wrong-${i}`, `10.1.${i >> 8}.${i & 255}`);
    expect((await login("demo-password", "10.2.0.1")).status).toBe(429);
    expect((await login("demo-password", "192.0.2.20")).status).toBe(200);
  });
});
