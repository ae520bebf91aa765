// Behind a transaction pooler (docs/architecture.md §4): two instances reach PostgreSQL through Debian's
// pgbouncer in transaction mode, with DATABASE_DIRECT_URL for LISTEN, locks and migrations. Requests
// work (no prepared statement outlives its transaction), sessions and live events cross between the
// instances, and the pooler really carried the queries. PostgreSQL only: PGlite has no pooler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createDatabase, seedDemo, sql } from "@repo/db";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import { createDatabaseBus } from "../events.js";
import { ACME, AGENT, CLIENT_TICKET } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { startPgBouncer, type PgBouncer } from "../test/pgbouncer.js";

describe.runIf(process.env.TEST_DATABASE_URL)("two instances behind PgBouncer in transaction mode", () => {
  let direct: TestDatabase;
  let pooler: PgBouncer;
  let one: TestServer;
  let two: TestServer;

  /** One instance as a server process opens it: its own pools, its own LISTEN. */
  async function instance(): Promise<TestServer> {
    const database = await createDatabase({ url: pooler.url, directUrl: direct.url, maxConnections: 4 });
    return startTestServer({ instanceOf: { database, bus: await createDatabaseBus(database) } });
  }

  beforeAll(async () => {
    direct = await createTestDatabase();
    await seedDemo(direct.db);
    pooler = await startPgBouncer(direct.url!);
    one = await instance();
    two = await instance();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pooler?.close();
    await direct?.close();
  });

  it("answers concurrent requests through the pooler, sessions valid on either instance", async () => {
    const token = await one.login(AGENT);
    const lists = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? one : two).request("/api/tickets?page=1", { token })),
    );
    expect(lists.map((res) => res.status)).toEqual(Array(24).fill(200));
    expect((await two.request("/api/auth/me", { token })).status).toBe(200);

    // Writes run in transactions, where a statement prepared on another server connection cannot be
    // retried: each must see only statements of its own transaction.
    const client = await two.login(ACME);
    const writes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? one : two).request("/api/client/tickets", {
          method: "POST",
          json: { ...CLIENT_TICKET, title: `Pooled write ${i}` },
          token: client,
        }),
      ),
    );
    expect(writes.map((res) => res.status)).toEqual(Array(16).fill(200));
  });

  it("queues queries on a busy connection instead of pipelining them, transactions included", async () => {
    // A pool smaller than the work: postgres.js would write the waiting queries behind the running one,
    // and the pooler, freeing the server connection at the first answer, would leave them unanswered.
    // Only statements without parameters pipeline (one with parameters waits for their description).
    const small = await createDatabase({ url: pooler.url, directUrl: direct.url, maxConnections: 2, migrate: false });
    const numberOf = async (rows: Promise<unknown>) => Number(((await rows) as { n: number }[])[0]?.n);
    const slowly = (i: number) => sql.raw(`select ${i} as n from pg_sleep(0.02)`);
    try {
      const reads = Array.from({ length: 12 }, (_, i) => numberOf(small.db.execute(slowly(i))));
      const writes = Array.from({ length: 4 }, (_, i) => small.db.transaction((tx) => numberOf(tx.execute(slowly(i)))));
      expect(await Promise.all([...reads, ...writes])).toEqual([...Array(12).keys(), ...Array(4).keys()]);
    } finally {
      await small.close();
    }
  });

  it("carries a live event from the instance that wrote to a socket on the other", async () => {
    const socket = new WebSocket(`${two.url.replace("http", "ws")}/ws?token=${await two.login(AGENT)}`);
    const events: { type: string; ticketId: string }[] = [];
    socket.on("message", (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    try {
      const created = await one.request("/api/client/tickets", {
        method: "POST",
        json: CLIENT_TICKET,
        token: await one.login(ACME),
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: string };
      // The event may have come before the answer, or come after it, however slowly.
      await new Promise<void>((resolve) => {
        const check = () => {
          if (!events.some((e) => e.ticketId === id)) return;
          socket.off("message", check);
          resolve();
        };
        socket.on("message", check);
        check();
      });
      expect(events).toContainEqual(expect.objectContaining({ type: "ticket.created", ticketId: id }));
    } finally {
      socket.close();
    }
  });

  it("sent the queries through the pooler: its statistics count them", async () => {
    const { default: postgres } = await import("postgres");
    // The admin console speaks the simple protocol only: no type lookup at connect.
    const admin = postgres({
      host: "127.0.0.1",
      port: pooler.port,
      database: "pgbouncer",
      username: "postgres",
      fetch_types: false,
    });
    try {
      const database = new URL(direct.url!).pathname.slice(1);
      const stats = await admin`SHOW STATS`.simple();
      const ours = stats.find((row) => row.database === database);
      expect(Number(ours?.total_xact_count)).toBeGreaterThan(24);
    } finally {
      await admin.end();
    }
  });
});
