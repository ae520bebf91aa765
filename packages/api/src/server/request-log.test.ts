// The request log (docs/architecture.md §16): one line per request with its fields, the request id in the
// answer's header and in an error body, and no secret anywhere in what was written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { eq, users } from "@repo/db";
import { configureLogging } from "../logger.js";
import { ACME, ADMIN } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";

interface Line {
  level: number;
  msg: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  requestId?: string;
  userId?: string;
}

let written = "";
const lines = (): Line[] =>
  written
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
const lineOf = (requestId: string | null) =>
  lines().find((line) => line.msg === "request" && line.requestId === requestId);

let server: TestServer;
beforeAll(async () => {
  const capture = {
    write(chunk: string) {
      written += chunk;
    },
  };
  configureLogging({ level: "info", destination: capture });
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  configureLogging({});
});

describe("the request log", () => {
  it("writes a line per request: method, route pattern, status, duration, request id and user", async () => {
    const token = await server.login(ADMIN);
    const [admin] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN));

    const me = await server.request("/api/auth/me", { token });
    const requestId = me.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lineOf(requestId)).toMatchObject({
      level: 30,
      method: "GET",
      route: "/api/auth/me",
      status: 200,
      requestId,
      userId: admin!.id,
    });
    expect(lineOf(requestId)?.ms).toBeGreaterThanOrEqual(0);

    // Routes are patterns, never raw paths: an id or a probe does not make a label of its own.
    const ticket = await server.request("/api/tickets/not-a-ticket", { token });
    const probe = await server.request("/api/wp-login.php");
    const trpc = await server.request("/trpc/auth.me", { token });
    expect([ticket, probe, trpc].map((res) => lineOf(res.headers.get("x-request-id"))?.route)).toEqual([
      "/api/tickets/{id}",
      "/api/*",
      "/trpc/auth.me",
    ]);
    expect(lineOf(probe.headers.get("x-request-id"))?.userId).toBeUndefined();
  });

  it("answers the request id in an error body, the id of the request's own line", async () => {
    const res = await server.request("/api/tickets/not-a-ticket", { token: await server.login(ADMIN) });
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body).toMatchObject({ error: "Ticket not found", requestId: res.headers.get("x-request-id") });
    expect(lineOf(body.requestId)?.status).toBe(404);
  });

  it("takes a trusted proxy's request id, and makes its own otherwise", async () => {
    const proxied = await startTestServer({ config: { TRUST_PROXY: 1 } });
    try {
      const headers = { "x-request-id": "edge-4f2a9c1b" };
      expect((await proxied.request("/healthz", { headers })).headers.get("x-request-id")).toBe("edge-4f2a9c1b");
      expect((await server.request("/healthz", { headers })).headers.get("x-request-id")).not.toBe("edge-4f2a9c1b");
      const forged = await proxied.request("/healthz", {
        headers: { "x-request-id": "<script>x</script> and far too long for an id of a request ".repeat(2) },
      });
      expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  it("never writes a password, a session token or a socket's token", async () => {
    const password = "demo-password";
    const token = await server.login(ACME, password);
    await server.request("/api/client/tickets", { token });
    await server.request("/api/client/login", {
      method: "POST",
      json: { email: ACME, password: "wrong-password-typed" },
    });
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws?token=${token}`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.close();

    expect(lines().filter((line) => line.route === "/api/client/login").length).toBeGreaterThanOrEqual(2);
    expect(written).not.toContain(token);
    expect(written).not.toContain(password);
    expect(written).not.toContain("wrong-password-typed");
  });
});
