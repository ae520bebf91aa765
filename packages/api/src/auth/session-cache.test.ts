// The session cache (auth/session-cache.ts) must not keep anyone signed in longer than the database
// does: each way a session ends is refused at the very next request on the instance that ended it and,
// on PostgreSQL, on a second instance of the same database that had the session cached, as soon as the
// NOTIFY reaches it (the test waits for that announcement, then asks once; the cache alone would keep the
// session 5 s). PGlite serves one process: there both are one server.
import { EventEmitter, once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, seedDemo } from "@repo/db";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import { createDatabaseBus } from "../events.js";
import { ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";

const NEW_PASSWORD = "a new and rather long passphrase 7";

describe("a cached session ends at once", () => {
  let database: TestDatabase | undefined;
  let one: TestServer;
  let two: TestServer;
  /** The ended-session announcements `two` has heard, counted as they arrive. */
  let endedHeard = 0;
  const announcements = new EventEmitter();
  /** How many had arrived when the latest session was cached (each test then ends it with one change). */
  let heardBefore = 0;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      await seedDemo(database.db);
      const instance = async () => {
        const handle = await createDatabase({ url: database!.url!, maxConnections: 4, migrate: false });
        return startTestServer({ instanceOf: { database: handle, bus: await createDatabaseBus(handle) } });
      };
      one = await instance();
      two = await instance();
    } else {
      one = await startTestServer();
      two = one;
    }
    two.services.bus.subscribe((event) => {
      if (event.type !== "session.ended") return;
      endedHeard++;
      announcements.emit("ended");
    });
  });
  afterAll(async () => {
    await one?.close();
    if (two !== one) await two?.close();
    await database?.close();
  });

  const me = (server: TestServer, token: string) => server.request("/api/auth/me", { token });
  /** Refused on `server` as soon as the change's announcement has reached it, however slowly it came. */
  async function refusedOn(server: TestServer, token: string): Promise<void> {
    while (endedHeard <= heardBefore) await once(announcements, "ended");
    expect((await me(server, token)).status).toBe(401);
  }
  async function idOf(email: string): Promise<string> {
    const res = await one.request("/api/users", { token: await one.login(ADMIN) });
    const { users } = (await res.json()) as { users: { id: string; email: string }[] };
    return users.find((u) => u.email === email)!.id;
  }
  /** A session both instances have just checked, so both hold it in their caches. */
  async function cachedOn(email: string, password?: string): Promise<string> {
    const token = await one.login(email, password);
    expect((await me(one, token)).status).toBe(200);
    expect((await me(two, token)).status).toBe(200);
    heardBefore = endedHeard;
    return token;
  }

  it("on sign-out", async () => {
    const token = await cachedOn(AGENT);
    expect((await one.request("/api/auth/logout", { method: "POST", token })).status).toBe(200);
    await refusedOn(two, token);
    expect((await me(one, token)).status).toBe(401);
  });

  it("on signing out everywhere else, keeping the session that asked", async () => {
    const kept = await cachedOn(AGENT);
    const other = await cachedOn(AGENT);
    const res = await one.request("/api/account/sessions/end-others", { method: "POST", token: kept });
    expect(res.status).toBe(200);
    await refusedOn(two, other);
    expect((await me(two, kept)).status).toBe(200);
  });

  it("on an admin's new password and second-factor reset", async () => {
    const admin = await one.login(ADMIN);
    const agent = await idOf(AGENT);
    let token = await cachedOn(AGENT);
    const set = await one.request(`/api/users/${agent}/password`, {
      method: "POST",
      json: { password: NEW_PASSWORD },
      token: admin,
    });
    expect(set.status).toBe(200);
    await refusedOn(two, token);

    token = await cachedOn(AGENT, NEW_PASSWORD);
    const reset = await one.request(`/api/users/${agent}/second-factor/reset`, { method: "POST", token: admin });
    expect(reset.status).toBe(200);
    await refusedOn(two, token);
  });

  it("on a new role, and on deactivation", async () => {
    const admin = await one.login(ADMIN);
    const viewer = await idOf(VIEWER);
    let token = await cachedOn(VIEWER);
    const demoted = await one.request(`/api/users/${viewer}`, {
      method: "PATCH",
      json: { role: "AGENT" },
      token: admin,
    });
    expect(demoted.status).toBe(200);
    await refusedOn(two, token);

    token = await cachedOn(VIEWER);
    const off = await one.request(`/api/users/${viewer}`, { method: "PATCH", json: { active: false }, token: admin });
    expect(off.status).toBe(200);
    await refusedOn(two, token);
    expect((await me(one, token)).status).toBe(401);
  });

  it("and a new name shows at once on the instance that made it", async () => {
    const token = await cachedOn(ADMIN);
    const res = await one.request("/api/account", { method: "PATCH", json: { name: "Renamed Admin" }, token });
    expect(res.status).toBe(200);
    expect(((await (await me(one, token)).json()) as { name: string }).name).toBe("Renamed Admin");
  });
});
