// The finishers of every answer (security headers, compression, request id) run on the route's response
// once, through a plain object when @hono/node-server's light response allows it, through Headers
// otherwise: the same headers either way, cookies kept line by line, bodies as the route gave them.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Finisher, finishResponses, isLightResponse } from "./finished-response.js";

const stamp: Finisher = (_c, res) => {
  res.headers.set("X-Stamp", "yes");
  if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
};
const shout: Finisher = async (_c, res) => {
  if (res.headers.get("content-type")?.startsWith("text/plain")) res.setBody((await res.text()).toUpperCase());
};

const app = new Hono();
app.use("*", finishResponses(stamp, shout));
app.get("/json", (c) => c.json({ ok: true }));
app.get("/text", (c) => c.text("hello"));
app.get("/cached", (c) => c.json({ ok: true }, 200, { "Cache-Control": "max-age=60", "X-Route": "kept" }));
app.get("/cookies", () => {
  const headers = new Headers({ "content-type": "text/plain" });
  headers.append("set-cookie", "a=1; Path=/");
  headers.append("set-cookie", "b=2; Path=/");
  return new Response("signed in", { headers });
});
app.get("/empty", () => new Response(null, { status: 204 }));
app.get("/stream", () => new Response(new Blob(["streamed"]).stream(), { headers: { "content-type": "text/plain" } }));

let origin: string;
let server: ReturnType<typeof serve>;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  if (!server.listening) await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("finishing a response", () => {
  it("keeps a route's JSON answer light, with the finishers' headers and its own length", async () => {
    // The server replaced the global Response when it started: what a route makes now is light.
    expect(isLightResponse(new Response("{}", { headers: { "content-type": "application/json" } }))).toBe(true);
    const res = await fetch(`${origin}/json`);
    expect(res.headers.get("x-stamp")).toBe("yes");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-length")).toBe("11");
    expect(res.headers.get("transfer-encoding")).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it("keeps the route's own headers, whatever their case", async () => {
    const res = await fetch(`${origin}/cached`);
    expect(res.headers.get("cache-control")).toBe("max-age=60");
    expect(res.headers.get("x-route")).toBe("kept");
    expect(res.headers.get("x-stamp")).toBe("yes");
  });

  it("waits for a finisher that reads and replaces the body, light or streamed", async () => {
    const text = await fetch(`${origin}/text`);
    expect(await text.text()).toBe("HELLO");
    expect(text.headers.get("x-stamp")).toBe("yes");
    const streamed = await fetch(`${origin}/stream`);
    expect(await streamed.text()).toBe("STREAMED");
    expect(streamed.headers.get("x-stamp")).toBe("yes");
  });

  it("edits a response with cookies through its Headers, each cookie on its own line", async () => {
    const res = await fetch(`${origin}/cookies`);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    // Set before the body was read and replaced, and kept after.
    expect(res.headers.get("x-stamp")).toBe("yes");
    expect(await res.text()).toBe("SIGNED IN");
  });

  it("finishes a response without a body", async () => {
    const res = await fetch(`${origin}/empty`);
    expect(res.status).toBe(204);
    expect(res.headers.get("x-stamp")).toBe("yes");
  });
});
