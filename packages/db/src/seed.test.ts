import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "./testing.js";
import { seedDemo } from "./seed.js";
import { clients, devices, ticketComments, tickets, users, auditLogs } from "./schema/index.js";
import { TICKET_PRIORITIES, TICKET_STATUSES, DEVICE_STATUSES, DEVICE_TYPES } from "@repo/validators";
import { verifyPassword } from "./password.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db);
}, 60_000);
afterAll(() => t?.close());

describe("demo seed", () => {
  it("creates the five demo accounts with the demo password", async () => {
    const rows = await t.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual([
      "admin@northwind.test",
      "agent@northwind.test",
      "client@acme.test",
      "client@birch.test",
      "viewer@northwind.test",
    ]);
    expect(await verifyPassword(rows[0]!.passwordHash, "demo-password")).toBe(true);
    expect(rows.filter((u) => u.role === "CLIENT").every((u) => u.clientId)).toBe(true);
  });

  it("has tickets in every status and priority, with comments", async () => {
    const rows = await t.db.select().from(tickets);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(TICKET_STATUSES));
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(TICKET_PRIORITIES));
    const [c] = await t.db.select({ n: count() }).from(ticketComments);
    expect(c!.n).toBeGreaterThan(5);
  });

  it("has 20+ devices of every type and status, some expiring and some non-compliant", async () => {
    const rows = await t.db.select().from(devices);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.deviceType))).toEqual(new Set(DEVICE_TYPES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DEVICE_STATUSES));
    const soon = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    expect(rows.filter((r) => r.warrantyExpiry! <= soon).length).toBeGreaterThan(2);
    expect(rows.filter((r) => !r.encryptionEnabled).length).toBeGreaterThan(2);
  });

  it("deleting a ticket deletes its comments and audit logs", async () => {
    const [withComments] = await t.db.select({ id: ticketComments.ticketId }).from(ticketComments).limit(1);
    await t.db.delete(tickets).where(eq(tickets.id, withComments!.id));
    const left = await t.db.select().from(ticketComments).where(eq(ticketComments.ticketId, withComments!.id));
    const logs = await t.db.select().from(auditLogs).where(eq(auditLogs.ticketId, withComments!.id));
    expect(left).toHaveLength(0);
    expect(logs).toHaveLength(0);
  });

  it("searches tickets by substring through the trigram index", async () => {
    const rows = await t.db
      .select({ title: tickets.title })
      .from(tickets)
      .where(sql`${tickets.title} ilike ${"%printer%"}`);
    expect(rows.map((r) => r.title)).toContain("Front desk printer jams on every second page");
    expect((await t.db.select().from(clients)).length).toBe(2);
  });
});
