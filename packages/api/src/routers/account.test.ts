// My account over REST: one's own name, password and sessions, and nobody else's.
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { ACME, AGENT, BIRCH } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();

interface Listed {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  lastUsedAt: string;
}

async function call(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const res = await server.request(path, { method: init.method ?? "GET", json: init.json, token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sessionsOf = async (token: string) => (await call("/api/account/sessions", token)).body.sessions as Listed[];

/** Signs in with a User-Agent, as a browser would. */
async function signInWith(email: string, userAgent: string): Promise<string> {
  const path = email.startsWith("client@") ? "/api/client/login" : "/api/auth/login";
  const res = await server.request(path, {
    method: "POST",
    json: { email, password: "demo-password" },
    headers: { "user-agent": userAgent },
  });
  return ((await res.json()) as { token: string }).token;
}

describe("sessions", () => {
  it("lists one's own sessions with their browser and address, the current one marked", async () => {
    const laptop = await signInWith(BIRCH, "Mozilla/5.0 (Windows NT 10.0) Chrome/140");
    const phone = await signInWith(BIRCH, "Mozilla/5.0 (iPhone) Safari/604.1");
    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(2);
    expect(listed.find((s) => s.current)!.userAgent).toContain("Windows");
    expect(listed.find((s) => !s.current)!.userAgent).toContain("iPhone");
    expect(listed.every((s) => s.ipAddress === "127.0.0.1")).toBe(true);
    expect((await sessionsOf(phone)).find((s) => s.current)!.userAgent).toContain("iPhone");
  });

  it("ends one session by id, never another person's, and 'everywhere else' keeps the current one", async () => {
    const first = await signInWith(ACME, "first");
    const second = await signInWith(ACME, "second");
    const third = await signInWith(ACME, "third");
    const other = await server.login(AGENT);
    const secondId = (await sessionsOf(second)).find((s) => s.current)!.id;

    expect((await call(`/api/account/sessions/${secondId}`, other, { method: "DELETE" })).status).toBe(404);
    expect((await server.request("/api/auth/me", { token: second })).status).toBe(200);
    expect((await call(`/api/account/sessions/${secondId}`, first, { method: "DELETE" })).status).toBe(200);
    expect((await server.request("/api/auth/me", { token: second })).status).toBe(401);

    const ended = await call("/api/account/sessions/end-others", first, { method: "POST" });
    expect(ended.body).toEqual({ ended: 1 });
    expect((await server.request("/api/auth/me", { token: third })).status).toBe(401);
    expect((await server.request("/api/auth/me", { token: first })).status).toBe(200);
    expect((await server.request("/api/auth/me", { token: other })).status).toBe(200);
  });
});

describe("password", () => {
  it("changes with the current password, ends the other sessions and keeps this one", async () => {
    const here = await server.login(BIRCH);
    const elsewhere = await server.login(BIRCH);
    const changed = await call("/api/account/password", here, {
      method: "POST",
      json: { currentPassword: "demo-password", newPassword: "correct horse battery staple" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.success).toBe(true);
    expect((await server.request("/api/auth/me", { token: elsewhere })).status).toBe(401);
    expect((await server.request("/api/auth/me", { token: here })).status).toBe(200);
    expect(await server.login(BIRCH, "correct horse battery staple")).toBeTruthy();
  });

  it.each([
    [
      "a wrong current password",
      { currentPassword: "not-it-at-all", newPassword: "a fine new passphrase" },
      ACCOUNT_MESSAGES.wrongCurrent,
    ],
    [
      "a breached new password",
      { currentPassword: "demo-password", newPassword: "iloveyou" },
      ACCOUNT_MESSAGES.breached,
    ],
    [
      "the same password again",
      { currentPassword: "demo-password", newPassword: "demo-password" },
      ACCOUNT_MESSAGES.sameAsCurrent,
    ],
    [
      "a short new password",
      { currentPassword: "demo-password", newPassword: "short" },
      "Password must be at least 8 characters",
    ],
  ])("refuses %s, changing nothing", async (_, json, message) => {
    const token = await server.login(AGENT);
    const res = await call("/api/account/password", token, { method: "POST", json });
    expect([res.status, res.body.error]).toEqual([400, message]);
    expect(await server.login(AGENT)).toBeTruthy();
  });
});

describe("name", () => {
  it("changes one's own name, and refuses an empty one", async () => {
    const token = await server.login(AGENT);
    const changed = await call("/api/account", token, { method: "PATCH", json: { name: "Sam Patel-Ng" } });
    expect(changed.body).toMatchObject({ name: "Sam Patel-Ng", email: AGENT });
    expect((await call("/api/auth/me", token)).body.name).toBe("Sam Patel-Ng");
    const empty = await call("/api/account", token, { method: "PATCH", json: { name: " " } });
    expect([empty.status, empty.body.error]).toEqual([400, "Name is required"]);
  });

  it("needs a session", async () => {
    expect((await server.request("/api/account/sessions")).status).toBe(401);
  });
});
