// The first run of a production install (docs/features.md §19): the start's one-time link creates the
// first admin, names the provider and stores the mail settings; it works once, for an hour, and never
// once an account exists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, eq, users } from "@repo/db";
import { startTestServer, type TestServer } from "../test/harness.js";
import { readIdentity } from "../site-content/published.js";
import { readMailSettings } from "../settings/mail.js";
import { prepareData } from "../server/services.js";
import { openFirstRun } from "./first-run.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server?.close());

const PASSWORD = "correct horse battery staple 9";
const setup = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  providerName: "Maple Street IT",
  admin: { name: "Rosa Lind", email: "Rosa@Maple.example", password: PASSWORD },
  mail: { smtpUrl: "smtp://mailer:secret@127.0.0.1:2525", fromAddress: "help@maple.example" },
  ...overrides,
});
const complete = (body: unknown) => server.request("/api/setup", { method: "POST", json: body });

describe("the first-run setup link", () => {
  it("is printed by a production start on an empty database, and by no other start", async () => {
    const production = { ...server.services, config: { ...server.services.config, NODE_ENV: "production" as const } };
    const [line] = await prepareData(production);
    expect(line).toMatch(/^First run: open http:\/\/\S+\/setup#token=[\w-]{43} within 60 minutes/);
    const token = /token=([\w-]+)/.exec(line!)![1]!;
    expect((await server.request(`/api/setup/${token}`)).status).toBe(200);
    // Only its hash is kept.
    const [row] = await server.services.db.select().from(appSettings).where(eq(appSettings.key, "setup"));
    expect(JSON.stringify(row!.value)).not.toContain(token);
  });

  it("refuses bad input with the rule's message and keeps the link working", async () => {
    const token = (await openFirstRun(server.services.db))!;
    const weak = await complete(
      setup(token, { admin: { name: "Rosa", email: "rosa@maple.example", password: "short" } }),
    );
    expect(weak.status).toBe(400);
    const smtp = await complete(setup(token, { mail: { smtpUrl: "http://mail.example", fromAddress: "" } }));
    expect(smtp.status).toBe(400);
    expect(await smtp.text()).toContain("The SMTP address must start with smtp:// or smtps://");
    expect(await server.services.db.select().from(users)).toEqual([]);
    expect((await server.request(`/api/setup/${token}`)).status).toBe(200);
  });

  it("expires after an hour", async () => {
    const token = (await openFirstRun(server.services.db, new Date(Date.now() - 61 * 60_000)))!;
    const check = await server.request(`/api/setup/${token}`);
    expect(check.status).toBe(404);
    expect(await check.text()).toContain("This setup link is not valid: it has expired or was already used");
    expect((await complete(setup(token))).status).toBe(404);
    expect(await server.services.db.select().from(users)).toEqual([]);
  });

  it("creates the first admin, names the provider and stores the mail settings, once", async () => {
    const token = (await openFirstRun(server.services.db))!;
    expect((await server.request(`/api/setup/${"x".repeat(43)}`)).status).toBe(404);
    const done = await complete(setup(token));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: "rosa@maple.example" });

    const [admin] = await server.services.db.select().from(users);
    expect(admin).toMatchObject({ name: "Rosa Lind", email: "rosa@maple.example", role: "ADMIN", clientId: null });
    expect((await server.login("rosa@maple.example", PASSWORD)).length).toBeGreaterThan(10);
    expect((await readIdentity(server.services.db)).name).toBe("Maple Street IT");
    expect(await readMailSettings(server.services.db)).toEqual({
      smtpUrl: "smtp://mailer:secret@127.0.0.1:2525",
      fromAddress: "help@maple.example",
    });

    // Used up: the same link again, and a new start's, are refused; none is printed any more.
    expect(
      (await complete(setup(token, { admin: { name: "Eve", email: "eve@x.example", password: PASSWORD } }))).status,
    ).toBe(404);
    expect(await openFirstRun(server.services.db)).toBeNull();
    const production = { ...server.services, config: { ...server.services.config, NODE_ENV: "production" as const } };
    expect(await prepareData(production)).toEqual([]);
    expect(await server.services.db.select({ email: users.email }).from(users)).toEqual([
      { email: "rosa@maple.example" },
    ]);
  });
});
