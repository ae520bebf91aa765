// preparedQuery: built once, then run with each call's own values, on the handle and inside a transaction
// alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { onOneConnection } from "./client.js";
import { databaseOf, preparedQuery } from "./prepared.js";
import { auditLogs, clients } from "./schema/index.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(clients).values([
    { name: "Prepared One", contactEmail: "one@prepared.test" },
    { name: "Prepared Two", contactEmail: "two@prepared.test" },
  ]);
});
afterAll(() => t?.close());

let builds = 0;
const clientNamed = preparedQuery("test_client_named", (db) => {
  builds++;
  return db
    .select({ name: clients.name, contactEmail: clients.contactEmail })
    .from(clients)
    .where(eq(clients.name, sql.placeholder("name")))
    .orderBy(asc(clients.name));
});

describe("preparedQuery", () => {
  it("answers each call with its own values, building the query once", async () => {
    expect(await clientNamed(t.db, { name: "Prepared One" })).toEqual([
      { name: "Prepared One", contactEmail: "one@prepared.test" },
    ]);
    expect(await clientNamed(t.db, { name: "Prepared Two" })).toEqual([
      { name: "Prepared Two", contactEmail: "two@prepared.test" },
    ]);
    expect(await clientNamed(t.db, { name: "Nobody" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs inside a transaction on the transaction, seeing its uncommitted rows", async () => {
    await t.db
      .transaction(async (tx) => {
        await tx.insert(clients).values({ name: "Prepared Three", contactEmail: "three@prepared.test" });
        // The query was built on the handle (the first test): seeing the uncommitted row, it ran on the
        // transaction's connection.
        expect(await clientNamed(tx, { name: "Prepared Three" })).toHaveLength(1);
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    expect(await clientNamed(t.db, { name: "Prepared Three" })).toEqual([]);
    // Built on the handle in the first test, not again for the transaction.
    expect(builds).toBe(1);
  });

  it("sends a null value as SQL null: a null date does not throw, a null jsonb is not the JSON null", async () => {
    const entry = preparedQuery("test_audit_entry", (db) =>
      db.insert(auditLogs).values({
        id: sql.placeholder("id"),
        action: sql.placeholder("action"),
        changes: sql.placeholder("changes"),
        createdAt: sql.placeholder("createdAt"),
      }),
    );
    const id = uuidv7();
    await entry(t.db, { id, action: "test.null", changes: null, createdAt: new Date() });
    await entry(t.db, {
      id: uuidv7(),
      action: "test.value",
      changes: { status: { from: 1, to: 2 } },
      createdAt: new Date(),
    });
    const nulls = await t.db.select({ id: auditLogs.id }).from(auditLogs).where(isNull(auditLogs.changes));
    expect(nulls.map((row) => row.id)).toEqual([id]);
    const [written] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "test.value"));
    expect(written?.changes).toEqual({ status: { from: 1, to: 2 } });
  });

  it("keys a database and its transactions alike, and another database apart", async () => {
    const other = await createTestDatabase();
    try {
      const outside = databaseOf(t.db);
      expect(outside).toBeTypeOf("object");
      await t.db.transaction(async (tx) => {
        expect(databaseOf(tx)).toBe(outside);
        await tx.transaction(async (nested) => expect(databaseOf(nested)).toBe(outside));
      });
      expect(databaseOf(other.db)).not.toBe(outside);
    } finally {
      await other.close();
    }
  });
});

describe("onOneConnection", () => {
  const backendPid = preparedQuery("test_backend_pid", (db) =>
    db.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`),
  );
  const built = (db: typeof t.db) => db.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`);

  it("sends reads made together, prepared or built, on one connection, and gives it back", async () => {
    const [a, b, c, named] = await onOneConnection(t.db, (one) =>
      Promise.all([backendPid(one, {}), backendPid(one, {}), built(one), clientNamed(one, { name: "Prepared One" })]),
    );
    expect(new Set([a, b, c].map((rows) => rows[0]!.pid)).size).toBe(1);
    expect(named).toHaveLength(1);
    // A failure gives the connection back: more failures than the pool has connections, then reads.
    for (let i = 0; i < 8; i++)
      await expect(
        onOneConnection(t.db, async (one) => {
          await backendPid(one, {});
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
    expect(await Promise.all([clientNamed(t.db, { name: "Prepared Two" }), backendPid(t.db, {})])).toHaveLength(2);
  });

  it("in a transaction, runs on the transaction's own connection", async () => {
    await t.db.transaction(async (tx) => {
      const [outer] = await backendPid(tx, {});
      const [inner] = await onOneConnection(tx, (one) => backendPid(one, {}));
      expect(inner!.pid).toBe(outer!.pid);
    });
  });
});
