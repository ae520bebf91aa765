// Attack review finding 10: while the database is out of reach the API answers 503 with Retry-After (a
// temporary state the caller may retry), not 500; and instances starting together seed demo data once.
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, users } from "@repo/db";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import { createAssistant } from "../assistant/index.js";
import { localFileStore } from "../files/store.js";
import { testConfig } from "../config.js";
import { createLocalBus } from "../events.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import type { AppServices } from "../context.js";
import { prepareData } from "./services.js";

describe("during a database outage", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login("admin@northwind.test");
    await server.services.database.close(); // the outage
  });
  afterAll(async () => {
    await server?.close().catch(() => {}); // the database is already closed
  });

  it.each([
    ["GET /api/auth/me (session lookup)", "/api/auth/me", {}],
    [
      "POST /api/contact (a write)",
      "/api/contact",
      { method: "POST", json: { firstName: "Ada", lastName: "L", email: "ada@example.org" } },
    ],
    ["GET /trpc/auth.me", "/trpc/auth.me", {}],
  ] as const)("answers %s with 503 and Retry-After", async (_name, path, init) => {
    const res = await server.request(path, { token, ...init });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.stringify(await res.json())).toContain("temporarily unavailable");
  });

  it("reports not ready", async () => {
    expect((await server.request("/readyz")).status).toBe(503);
  });
});

describe("first start of two instances on one empty database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("seeds the demo data once, and neither instance fails", async () => {
    const instance = (): AppServices => ({
      database,
      db: database.db,
      bus: createLocalBus(),
      config: testConfig({ NODE_ENV: "development" }),
      assistant: createAssistant(testConfig()),
      files: localFileStore(tmpdir()),
    });
    const [a, b] = await Promise.all([prepareData(instance()), prepareData(instance())]);
    expect(a[0]).toMatch(/^Demo sign-ins/);
    expect(b).toEqual(a);
    const [row] = await database.db.select({ n: count() }).from(users);
    expect(row!.n).toBe(5);
  });
});
