import { describe, expect, it } from "vitest";
import { serverForFile } from "../test/file-server.js";
import { chooseEncoding } from "./compression.js";

const AGENT = "agent@northwind.test";
const { server, tokens } = serverForFile([AGENT]);

describe("response compression", () => {
  it("sends an answer as it is to a client that accepts no encoding, with every header", async () => {
    const res = await server.request("/api/auth/me", {
      token: tokens[AGENT],
      headers: { "accept-encoding": "identity" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await res.json()).toMatchObject({ email: AGENT });
  });

  it("gzips for a client that accepts it, keeping the security headers", async () => {
    const res = await server.request("/api/tickets", { token: tokens[AGENT], headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    // fetch undoes the gzip: what arrives is the page itself.
    expect((await res.json()).tickets.length).toBeGreaterThan(0);
  });

  it("chooses by the client's q-values, and never an encoding it refuses", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, deflate")).toBe("deflate");
    expect(chooseEncoding("gzip;q=0.2, deflate;q=0.8")).toBe("deflate");
    expect(chooseEncoding("*;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*;q=0.5, gzip;q=0")).toBe("deflate");
    expect(chooseEncoding("br")).toBeUndefined();
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
