import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server } = serverForFile();

describe("HTTP surface", () => {
  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await server.postRaw("/api/auth/login", "application/json", "{ not json");
    await expectRefused(res, 400, "The request body is not valid JSON", "PARSE_ERROR");
  });

  it("answers a non-JSON body with 415", async () => {
    const res = await server.postRaw("/api/auth/login", "text/plain", "email=x");
    expect(res.status).toBe(415);
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await server.request("/api/nothing/here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("reports liveness and readiness", async () => {
    expect(await (await server.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await server.request("/readyz")).json()).toEqual({ status: "ready" });
  });

  it("sends security headers", async () => {
    const res = await server.request("/healthz");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("OpenAPI", () => {
  it("serves a valid OpenAPI 3 document with the REST paths", async () => {
    const doc = (await (await server.request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const path of ["/client/login", "/auth/login", "/auth/logout", "/auth/me", "/register", "/attachments"]) {
      expect(doc.paths).toHaveProperty(path);
    }
  });

  it("renders an interactive reference at /api/docs from our own origin", async () => {
    const html = await (await server.request("/api/docs")).text();
    expect(html).toContain("/api/openapi.json");
    expect(html).toContain("/api/docs/scalar.js");
    const script = await server.request("/api/docs/scalar.js");
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});

describe("static files", () => {
  it("serves prerendered pages, hashed assets with long caching, and the SPA shell as fallback", async () => {
    const about = await server.request("/about");
    expect(await about.text()).toContain("<h1>About us</h1>");
    const asset = await server.request("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const deep = await server.request("/client/tickets/123");
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain("<title>shell</title>");
  });

  it("answers a path that is no route of the app with the 404 page and status 404", async () => {
    const res = await server.request("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
    expect((await server.request("/client/tickets/abc/")).status).toBe(200);
  });

  it("answers a missing asset with 404 instead of HTML", async () => {
    const res = await server.request("/assets/missing-1234.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toMatch(/html/);
  });

  it("does not serve files outside the web folder", async () => {
    const res = await server.request("/..%2f..%2f..%2fetc%2fpasswd");
    expect(await res.text()).not.toContain("root:");
  });
});
