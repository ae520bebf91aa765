import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { demoCompanies } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";

let server: TestServer;
let acmeId: string;
let birchId: string;
beforeAll(async () => {
  server = await startTestServer({ app: { wsRecheckMs: 200 } });
  ({ acme: acmeId, birch: birchId } = await demoCompanies(server));
});
afterAll(() => server?.close());

function connect(token: string) {
  const ws = new WebSocket(`${server.url.replace("http", "ws")}/ws?token=${token}`);
  const messages: unknown[] = [];
  ws.on("message", (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  return { ws, messages, opened, closed };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe("WebSocket", () => {
  it("rejects a missing or bad token with HTTP 401 at upgrade", async () => {
    await expect(connect("").opened).rejects.toThrow("HTTP 401");
    await expect(connect("a".repeat(32)).opened).rejects.toThrow("HTTP 401");
  });

  it("delivers events scoped by tenant: staff all, a client only its own company's, never internal", async () => {
    const staff = connect(await server.login("agent@northwind.test"));
    const acme = connect(await server.login("client@acme.test"));
    const birch = connect(await server.login("client@birch.test"));
    await Promise.all([staff.opened, acme.opened, birch.opened]);

    await server.services.bus.publish({ type: "ticket.created", ticketId: "t-acme", clientId: acmeId });
    await server.services.bus.publish({
      type: "comment.created",
      ticketId: "t-acme",
      clientId: acmeId,
      internal: true,
    });
    await server.services.bus.publish({ type: "ticket.updated", ticketId: "t-birch", clientId: birchId });
    await server.services.bus.publish({ type: "sla.state", ticketId: "t-birch", clientId: birchId, internal: true });
    await settle();

    expect(staff.messages).toEqual([
      { type: "ticket.created", ticketId: "t-acme" },
      { type: "comment.created", ticketId: "t-acme" },
      { type: "ticket.updated", ticketId: "t-birch" },
      { type: "sla.state", ticketId: "t-birch" },
    ]);
    expect(acme.messages).toEqual([{ type: "ticket.created", ticketId: "t-acme" }]);
    expect(birch.messages).toEqual([{ type: "ticket.updated", ticketId: "t-birch" }]);
    for (const c of [staff, acme, birch]) c.ws.close(1000);
  });

  it("closes an open socket once its session is logged out", async () => {
    const token = await server.login("client@birch.test");
    const socket = connect(token);
    await socket.opened;
    await server.request("/api/auth/logout", { method: "POST", token });
    expect(await socket.closed).toBe(4001);
  });
});
