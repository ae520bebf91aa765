// CUSTOM_PLAN (client.ts): a statement carrying it is never prepared, so PostgreSQL plans it for the values
// it is sent with every time; every other statement stays prepared once per connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createDatabase, CUSTOM_PLAN, type DatabaseHandle } from "./client.js";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "./testing.js";
import { tickets } from "./schema/index.js";
import { queryRows } from "./tables.js";

let t: TestDatabase;
/** One connection, so that what it prepared is what pg_prepared_statements shows. */
let one: DatabaseHandle;
beforeAll(async () => {
  t = await createTestDatabase();
  one = t.url ? await createDatabase({ url: t.url, maxConnections: 1, migrate: false }) : t;
});
afterAll(async () => {
  if (one !== t) await one?.close();
  await t?.close();
});

describe("CUSTOM_PLAN", () => {
  it("leaves a statement unprepared, where the same statement without it is prepared", async () => {
    // More than five runs: past them PostgreSQL may switch a prepared statement to a generic plan.
    for (let i = 0; i < 7; i++) {
      const word = `word${i}`;
      await one.db.select({ id: tickets.id }).from(tickets).where(sql`${tickets.title} = ${word}`);
      const found = await one.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(sql`${CUSTOM_PLAN}${tickets.searchVector} @@ to_tsquery('simple', ${word})`);
      expect(found).toEqual([]);
    }
    const statements = await queryRows<{ statement: string }>(
      one.db,
      sql`select statement from pg_prepared_statements where statement like '%"tickets"%'`,
    );
    // PGlite prepares nothing by name; postgres.js prepares every statement but the marked one.
    expect(statements.map((s) => s.statement.includes("custom plan"))).toEqual(
      testDatabaseKind() === "postgres" ? [false] : [],
    );
  });
});
