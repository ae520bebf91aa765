// Moving an embedded install to PostgreSQL, from a seeded PGlite folder to a fresh database on the
// machine's PostgreSQL (TEST_DATABASE_URL); skipped without one. The server starting on the moved
// database with every demo sign-in is tested in packages/api (src/server/move-to-postgres.test.ts).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "./client.js";
import { moveToPostgres } from "./move.js";
import { queryRows, tableSums, type TableSum } from "./tables.js";
import { TRICKY_TICKET, createDemoDataDir, createEmptyPostgresDatabase, readTrickyTicket } from "./testing.js";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("move-to-postgres", () => {
  let demo: Awaited<ReturnType<typeof createDemoDataDir>>;
  let source: TableSum[];
  const dropped: (() => Promise<void>)[] = [];

  async function emptyDatabase(): Promise<string> {
    const empty = await createEmptyPostgresDatabase(serverUrl!);
    dropped.push(empty.drop);
    return empty.url;
  }

  async function withPostgres<T>(url: string, fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await createDatabase({ url, migrate: false, maxConnections: 1 });
    try {
      return await fn(handle);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    demo = await createDemoDataDir();
    const handle = await createDatabase({ dataDir: demo.dataDir, migrate: false });
    source = await tableSums(handle.db);
    await handle.close();
  }, 120_000);
  afterAll(async () => {
    demo?.remove();
    for (const drop of dropped) await drop();
  });

  it("copies every table into an empty database: same counts and checksums, tricky types exact", async () => {
    const url = await emptyDatabase();
    const { comparison, report, rows } = await moveToPostgres({ dataDir: demo.dataDir, url });
    expect(comparison.every((c) => c.same)).toBe(true);
    expect(report).not.toContain("MISMATCH");
    expect(rows).toBe(source.reduce((n, t) => n + t.rows, 0));

    await withPostgres(url, async (target) => {
      // Summed again after the commit, through a new connection.
      expect(await tableSums(target.db)).toEqual(source);
      expect(await readTrickyTicket(target.db)).toEqual(TRICKY_TICKET);
      const [meta] = await queryRows<{ meta: string; nul: string }>(
        target.db,
        sql`select (select meta::text from chat_messages where id = '01900000-0000-7000-8000-000000000002') as meta,
                   (select jsonb_typeof(value) from app_settings where key = 'test.json-null') as nul`,
      );
      expect(meta).toEqual({
        meta: '{"n": 1.50, "s": "naïve", "big": 12345678901234567890.123456789, "nested": {"a": [1, null, "x"]}}',
        nul: "null",
      });
    });
  }, 120_000);

  it("refuses a target that already holds rows, and changes nothing in it", async () => {
    const url = await emptyDatabase();
    await moveToPostgres({ dataDir: demo.dataDir, url });
    const sumsBefore = await withPostgres(url, (t) => tableSums(t.db));

    await expect(moveToPostgres({ dataDir: demo.dataDir, url })).rejects.toThrow(
      /^Refusing to move: the target database is not empty \(rows in .*tickets.*\)\. Move into a new, empty database/,
    );
    expect(await withPostgres(url, (t) => tableSums(t.db))).toEqual(sumsBefore);
  }, 120_000);

  it("refuses a target holding another application's rows or tables, before creating any table there", async () => {
    const url = await emptyDatabase();
    await withPostgres(url, async (t) => {
      await t.db.execute(sql`create table wp_posts (id int primary key)`);
      await t.db.execute(sql`insert into wp_posts values (1)`);
    });
    await expect(moveToPostgres({ dataDir: demo.dataDir, url })).rejects.toThrow(
      "Refusing to move: the target database is not empty (rows in wp_posts).",
    );
    const tables = await withPostgres(url, (t) =>
      queryRows<{ name: string }>(t.db, sql`select tablename::text as name from pg_tables where schemaname = 'public'`),
    );
    expect(tables).toEqual([{ name: "wp_posts" }]);

    await withPostgres(url, (t) => t.db.execute(sql`delete from wp_posts`));
    await expect(moveToPostgres({ dataDir: demo.dataDir, url })).rejects.toThrow(
      "Refusing to move: the target database has tables that are not Northwind IT's (wp_posts).",
    );
    expect(
      await withPostgres(url, (t) =>
        queryRows<{ name: string }>(
          t.db,
          sql`select tablename::text as name from pg_tables where schemaname = 'public'`,
        ),
      ),
    ).toEqual([{ name: "wp_posts" }]);
  }, 60_000);

  it("as the operator meets it: a table of results and exit 0, then a one-line refusal and exit 1", async () => {
    const url = await emptyDatabase();
    const run = () =>
      spawnSync(process.execPath, ["--import", "tsx", "src/cli/move-to-postgres.ts", "--to", url], {
        cwd: join(import.meta.dirname, ".."),
        env: { ...process.env, DATA_DIR: dirname(demo.dataDir) },
        encoding: "utf8",
      });
    const moved = run();
    expect(moved.stderr).toBe("");
    expect(moved.status).toBe(0);
    const total = source.reduce((n, t) => n + t.rows, 0);
    expect(moved.stdout).toContain(`Moved ${total} rows; every table's count and checksum match.`);
    for (const t of source)
      expect(moved.stdout).toMatch(new RegExp(`^${t.table} +${t.rows} \\w{8} +${t.rows} \\w{8}  ok$`, "m"));

    const refused = run();
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^db:move-to-postgres: Refusing to move: the target database is not empty \(rows in .*\)\. Move into a new, empty database/,
      ),
    ]);
  }, 120_000);

  it("keeps identity ids, continues their sequence, and leaves generated columns to the target", async () => {
    // No table of ours has these today; a later migration may add one.
    const extras = sql`create table extras (
      id int generated always as identity primary key, data bytea, ratio float8, span interval, amount numeric,
      doubled int generated always as (id * 2) stored)`;
    const own = await createDemoDataDir();
    try {
      const handle = await createDatabase({ dataDir: own.dataDir, migrate: false });
      await handle.db.execute(extras);
      await handle.db.execute(sql`insert into extras (data, ratio, span, amount)
        values ('\\x00ff10'::bytea, 0.1, '1 day 02:03:04.5', 12345678901234567890.000001), (null, -1e-300, null, null)`);
      await handle.db.execute(sql`delete from extras where id = 1`);
      await handle.db.execute(sql`insert into extras (data) values ('\\x'::bytea)`);
      await handle.close();

      const url = await emptyDatabase();
      await withPostgres(url, (t) => t.db.execute(extras));
      const { comparison } = await moveToPostgres({ dataDir: own.dataDir, url });
      expect(comparison.find((c) => c.table === "extras")).toMatchObject({ same: true, source: { rows: 2 } });
      await withPostgres(url, async (t) => {
        await t.db.execute(sql`insert into extras (data) values (null)`);
        const rows = await queryRows<{ id: number; doubled: number; data: string | null }>(
          t.db,
          sql`select id, doubled, encode(data, 'hex') as data from extras order by id`,
        );
        expect(rows).toEqual([
          { id: 2, doubled: 4, data: null },
          { id: 3, doubled: 6, data: "" },
          { id: 4, doubled: 8, data: null },
        ]);
      });
    } finally {
      own.remove();
    }
  }, 120_000);

  it("refuses while the server holds the embedded database", async () => {
    const lockFile = join(dirname(demo.dataDir), "pglite.lock");
    writeFileSync(lockFile, String(process.ppid));
    try {
      await expect(moveToPostgres({ dataDir: demo.dataDir, url: serverUrl! })).rejects.toThrow(
        `Cannot move: the embedded database in ${demo.dataDir} is in use by process ${process.ppid}`,
      );
    } finally {
      rmSync(lockFile, { force: true });
    }
  });
});
