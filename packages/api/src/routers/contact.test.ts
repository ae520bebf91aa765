import { beforeEach, describe, expect, it } from "vitest";
import { count, ctaClicks, enquiries, rateLimits } from "@repo/db";
import { PUBLIC_LIMITS } from "../auth/rate-limit.js";
import { AGENT, ACME, ENQUIRY } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([AGENT, ACME]);

beforeEach(async () => {
  await server.services.db.delete(rateLimits);
});

const post = (path: string, json: unknown) => server.request(path, { method: "POST", json });
const enquiryCount = async () => (await server.services.db.select({ n: count() }).from(enquiries))[0]!.n;

describe("POST /api/contact", () => {
  it("stores the enquiry with its service and ref, and answers { success: true }", async () => {
    const res = await post("/api/contact", ENQUIRY);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const list = (await (await server.request("/api/enquiries", { token: tokens["agent@northwind.test"] })).json()) as {
      enquiries: Record<string, unknown>[];
      total: number;
    };
    expect(list.total).toBe(1);
    expect(list.enquiries[0]).toMatchObject({ ...ENQUIRY, handledAt: null });
  });

  it("stores blank optional fields as null", async () => {
    await post("/api/contact", {
      firstName: "Bo",
      lastName: "Ng",
      email: "bo@example.test",
      company: "",
      service: "",
      message: "",
    });
    const [row] = (await server.services.db.select().from(enquiries)).filter((e) => e.firstName === "Bo");
    expect(row).toMatchObject({ company: null, service: null, message: null, ref: null });
  });

  it("answers with the spec's messages and stores nothing", async () => {
    const before = await enquiryCount();
    const res = await post("/api/contact", { firstName: "", lastName: " ", email: "nope", service: "pizza" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string[]; message: string }[] };
    expect(body.issues.slice(0, 3)).toEqual([
      { path: ["firstName"], message: "First name is required" },
      { path: ["lastName"], message: "Last name is required" },
      { path: ["email"], message: "Invalid email address" },
    ]);
    expect(body.issues[3]!.path).toEqual(["service"]);
    expect(await enquiryCount()).toBe(before);
  });

  it("tells a bot filling the honeypot it succeeded, and stores nothing", async () => {
    const before = await enquiryCount();
    const res = await post("/api/contact", { ...ENQUIRY, website: "spam" });
    expect(await res.json()).toEqual({ success: true });
    expect(await enquiryCount()).toBe(before);
  });

  it(`limits each IP to ${PUBLIC_LIMITS.contact.max} enquiries, then 429 with Retry-After, storing nothing`, async () => {
    for (let i = 0; i < PUBLIC_LIMITS.contact.max; i++) expect((await post("/api/contact", ENQUIRY)).status).toBe(200);
    const before = await enquiryCount();
    const res = await post("/api/contact", ENQUIRY);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Too many submissions from your network/);
    expect(await enquiryCount()).toBe(before);
  });
});

describe("GET /api/enquiries", () => {
  it("is staff only", async () => {
    expect((await server.request("/api/enquiries", { token: tokens["client@acme.test"] })).status).toBe(403);
    expect((await server.request("/api/enquiries")).status).toBe(401);
  });
});

describe("POST /api/track", () => {
  const clicks = async () => (await server.services.db.select().from(ctaClicks)).reduce((n, r) => n + r.count, 0);

  it("counts a click sent as JSON or as a text/plain beacon, without setting cookies", async () => {
    const before = await clicks();
    const json = await post("/api/track", { event: "cta_service_quote", service: "security-hardening-sprint" });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });
    expect(json.headers.get("set-cookie")).toBeNull();
    const beacon = await server.postRaw(
      "/api/track",
      "text/plain;charset=UTF-8",
      JSON.stringify({ event: "cta_service_quote", service: "security-hardening-sprint" }),
    );
    expect(beacon.status).toBe(200);
    expect(await clicks()).toBe(before + 2);
    const rows = await server.services.db.select().from(ctaClicks);
    expect(rows.find((r) => r.service === "security-hardening-sprint")!.count).toBe(2);
  });

  it("refuses unknown events and services and malformed bodies with 400, counting nothing", async () => {
    const before = await clicks();
    expect((await post("/api/track", { event: "cta_service_quote", service: "pizza" })).status).toBe(400);
    expect((await post("/api/track", { event: "click", service: "device-management" })).status).toBe(400);
    const garbage = await server.postRaw("/api/track", "text/plain", "{nope");
    await expectRefused(garbage, 400, "The request body is not valid JSON", "PARSE_ERROR");
    expect(await clicks()).toBe(before);
  });
});
