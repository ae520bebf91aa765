import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, rateLimits, sessions, socketTickets, users } from "@repo/db";
import { serverForFile } from "./test/file-server.js";
import { purgeExpired, startHousekeeping } from "./housekeeping.js";

const { server } = serverForFile();
let userId: string;

beforeAll(async () => {
  const [agent] = await server.services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "agent@northwind.test"));
  userId = agent!.id;
});

const HOUR = 3_600_000;

async function plant(prefix: string) {
  const { db } = server.services;
  const now = Date.now();
  await db.insert(sessions).values([
    { id: `${prefix}-expired`, userId, expiresAt: new Date(now - HOUR) },
    { id: `${prefix}-live`, userId, expiresAt: new Date(now + HOUR) },
  ]);
  await db.insert(rateLimits).values([
    { key: `${prefix}:ended`, count: 5, resetAt: new Date(now - HOUR) },
    { key: `${prefix}:open`, count: 5, resetAt: new Date(now + HOUR) },
  ]);
}

async function left(prefix: string) {
  const { db } = server.services;
  const s = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, [`${prefix}-expired`, `${prefix}-live`]));
  const r = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [`${prefix}:ended`, `${prefix}:open`]));
  return { sessions: s.map((x) => x.id), rateLimits: r.map((x) => x.key) };
}

describe("housekeeping", () => {
  it("purges expired sessions and ended rate-limit windows, and keeps the live ones", async () => {
    await plant("a");
    const purged = await purgeExpired(server.services);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await left("a")).toEqual({ sessions: ["a-live"], rateLimits: ["a:open"] });
  });

  it("runs on its own once started, and stops", async () => {
    await plant("b");
    const stop = startHousekeeping(server.services, 60_000);
    await stop(); // the first run starts at once; stop waits for it
    expect(await left("b")).toEqual({ sessions: ["b-live"], rateLimits: ["b:open"] });
  });

  it("purges socket tickets past their 30 seconds, and keeps the live ones", async () => {
    const { db } = server.services;
    const now = Date.now();
    await db.insert(sessions).values({ id: "c-session", userId, expiresAt: new Date(now + HOUR) });
    await db.insert(socketTickets).values([
      { id: "c-expired", sessionId: "c-session", expiresAt: new Date(now - 60_000) },
      { id: "c-live", sessionId: "c-session", expiresAt: new Date(now + 30_000) },
    ]);

    const purged = await purgeExpired(server.services);

    expect(purged.socketTickets).toBeGreaterThanOrEqual(1);
    const kept = await db
      .select({ id: socketTickets.id })
      .from(socketTickets)
      .where(inArray(socketTickets.id, ["c-expired", "c-live"]));
    expect(kept.map((t) => t.id)).toEqual(["c-live"]);
  });
});
