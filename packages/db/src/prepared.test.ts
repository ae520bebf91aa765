// preparedQuery: built once, then run with each call's own values, on the handle and inside a transaction
// alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { preparedQuery } from "./prepared.js";
import { clients } from "./schema/index.js";
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
});
