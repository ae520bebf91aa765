import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { serverForFile } from "../test/file-server.js";
import { chooseEncoding } from "./compression.js";

const AGENT = "agent@northwind.test";
/** A built web app with one script large enough to be worth compressing (static files carry their length). */
const webDist = mkdtempSync(join(tmpdir(), "nw-compress-"));
const SCRIPT = `console.log(${JSON.stringify("a compressible line. ".repeat(200))});`;
writeFileSync(join(webDist, "spa.html"), "<!doctype html><title>shell</title>");
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "assets", "app-abc123.js"), SCRIPT);
const { server, tokens } = serverForFile([AGENT], { app: { webDist } });

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

  it("gzips a static file and drops its plain length, which no longer describes the body", async () => {
    // node:http rather than fetch, which would undo the gzip before the test could see the bytes.
    const { headers, bytes } = await new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((done, fail) =>
      get(`${server.url}/assets/app-abc123.js`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on("error", fail);
      }).on("error", fail),
    );
    expect(headers["content-encoding"]).toBe("gzip");
    if (headers["content-length"] !== undefined) expect(Number(headers["content-length"])).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT.length);
    expect(gunzipSync(bytes).toString()).toBe(SCRIPT);
    expect(headers["x-content-type-options"]).toBe("nosniff");
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
