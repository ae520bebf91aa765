// Test databases: a fresh, migrated database per test file. With TEST_DATABASE_URL (a PostgreSQL server)
// each call creates its own database; otherwise it clones one migrated PGlite image, since migrating a
// new PGlite costs seconds and cloning a dump costs a fraction of that.
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "./client.js";
import { seedDemo } from "./seed.js";
import { queryRows } from "./tables.js";

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the PostgreSQL database created for this test, when on PostgreSQL. */
  url?: string;
}

export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDatabase(serverUrl) : createPgliteTestDatabase();
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const copy = await createEmptyPostgresDatabase(serverUrl, await migratedPostgresTemplate(serverUrl));
  const handle = await createDatabase({ url: copy.url, maxConnections: 5, migrate: false });
  return {
    ...handle,
    url: copy.url,
    async close() {
      await handle.close();
      await copy.drop();
    },
  };
}

/** Any number: the lock that makes parallel test workers build a missing template once. */
const TEMPLATE_LOCK_ID = 728_311_990;

/**
 * The name of a migrated, empty database on the server at `serverUrl`, built once per set of migrations
 * (the name carries their hash): copying it is a file copy of about 0.2 s, where migrating a new
 * database took 4 to 6 s on the CI machine, once for each of about a hundred test files. It is built under
 * a temporary name and renamed when complete, so a copy never sees a half-migrated template. Nobody
 * connects to it afterwards: PostgreSQL copies only a database without connections.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const { default: postgres } = await import("postgres");
  const name = `nw_template_${migrationsHash()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const session = await admin.reserve();
    const exists = async () => (await session`select 1 from pg_database where datname = ${name}`).length > 0;
    try {
      if (await exists()) return name;
      await session`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
      if (await exists()) return name;
      const building = await createEmptyPostgresDatabase(serverUrl);
      const handle = await createDatabase({ url: building.url, maxConnections: 2 });
      await handle.close();
      const buildingName = new URL(building.url).pathname.slice(1);
      await retryWhileInUse(() => session.unsafe(`alter database "${buildingName}" rename to "${name}"`));
      return name;
    } finally {
      // Ending the session would release the lock too; unlocking first lets the next worker in at once.
      await session`select pg_advisory_unlock_all()`.catch(() => {});
      session.release();
    }
  } finally {
    await admin.end();
  }
}

/**
 * Runs `statement` again while PostgreSQL says a database is still in use (55006): a backend whose client
 * has just disconnected can take a moment to exit.
 */
async function retryWhileInUse<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The migrated image is keyed by the migrations' content, so a new migration makes a new image. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  return createDatabase({ dataDir: "memory://", loadDataDir: await migratedPgliteImage(), migrate: false });
}

/** A migrated, empty PGlite data folder as a tarball: `loadDataDir` for a test database in memory or on disk. */
export async function migratedPgliteImage(): Promise<Blob> {
  const imagePath = join(tmpdir(), `northwind-pglite-${migrationsHash()}.tar`);
  if (!existsSync(imagePath)) {
    const fresh = await createDatabase({ dataDir: "memory://" });
    const dump = await fresh.dump!();
    await fresh.close();
    // Written aside and renamed, so parallel test workers never read a half-written image.
    const tmp = `${imagePath}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, imagePath);
  }
  return new Blob([readFileSync(imagePath)]);
}

/**
 * A new PostgreSQL database on the server at TEST_DATABASE_URL, and a function that drops it: empty (not
 * migrated, for tests of what happens to an empty database) or a copy of the database `template`.
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: postgres } = await import("postgres");
  const name = `nw_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await retryWhileInUse(() => admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`));
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * An embedded database on disk in a new temporary folder (`<folder>/pglite`, as under DATA_DIR), holding
 * the demo seed and rows whose types are easy to get wrong when copied: text with quotes, backslashes,
 * new lines and emoji, arrays with commas and NULLs, a bigint past 2^53, microsecond timestamps, dates,
 * nested jsonb, and a jsonb holding JSON null (not SQL NULL). Closed on return, so a command can open it.
 */
export async function createDemoDataDir(): Promise<{ dataDir: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), "nw-demo-"));
  const dataDir = join(folder, "pglite");
  const handle = await createDatabase({ dataDir, loadDataDir: await migratedPgliteImage(), migrate: false });
  try {
    await seedDemo(handle.db);
    await handle.db.execute(sql`
      insert into tickets (id, title, description, requester_name, requester_email, client_id, tags, paused_ms, created_at, updated_at)
      select '01900000-0000-7000-8000-000000000001', 'Quotes '' " and \\ back\\slash', E'two\nlines\ttab ☕ 🚀',
             'Zoë O''Brien', 'zoe@acme.test', id, array['a,b', 'quote"d', null, '', '{braces}'],
             9007199254740993, '2026-03-08 02:30:00.123456+00', '2026-03-08 02:30:00.000001+00'
      from clients order by name limit 1`);
    await handle.db.execute(sql`
      insert into chat_messages (id, client_id, role, content, meta, created_at)
      select '01900000-0000-7000-8000-000000000002', id, 'assistant', 'meta',
             '{"n": 1.50, "big": 12345678901234567890.123456789, "nested": {"a": [1, null, "x"]}, "s": "naïve"}',
             '1999-12-31 23:59:59.999999+00'
      from clients order by name limit 1`);
    await handle.db.execute(sql`insert into app_settings (key, value) values ('test.json-null', 'null'::jsonb)`);
    // Time, so the rollups its triggers keep (decision 0039) have rows to copy and compare.
    await handle.db.execute(sql`
      insert into time_entries (id, user_id, client_id, work_date, minutes, work_type_id, billable)
      select '01900000-0000-7000-8000-000000000003', u.id, c.id, '2026-03-09', 45, w.id, true
      from (select id from users order by email limit 1) u, (select id from clients order by name limit 1) c,
           (select id from work_types order by sort_order limit 1) w`);
    await handle.db.execute(
      sql`insert into cta_clicks (service, day, count) values ('backups', '2000-02-29', 2147483647)`,
    );
  } finally {
    await handle.close();
  }
  return { dataDir, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The quoted, escaped, array-and-bigint ticket of `createDemoDataDir`, as it must read after any copy. */
export const TRICKY_TICKET = {
  title: `Quotes ' " and \\ back\\slash`,
  // As JSON: postgres.js reads a NULL element of a text[] as the string "NULL".
  tags: '["a,b","quote\\"d",null,"","{braces}"]',
  paused: "9007199254740993",
  created: "2026-03-08 02:30:00.123456",
};

/** That ticket read back from `db`, each tricky column as text, for a comparison with TRICKY_TICKET. */
export async function readTrickyTicket(db: DatabaseHandle["db"]): Promise<typeof TRICKY_TICKET | undefined> {
  const [ticket] = await queryRows<typeof TRICKY_TICKET>(
    db,
    sql`select title, array_to_json(tags)::text as tags, paused_ms::text as paused,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created
        from tickets where id = '01900000-0000-7000-8000-000000000001'`,
  );
  return ticket;
}

/** A file's or folder's permission bits (0o600, 0o755, ...). */
export const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** The paths under `root` (itself included) that the group or others may read, write or enter. */
export function openToOthers(root: string): string[] {
  const stat = lstatSync(root);
  const own = stat.mode & 0o077 && !stat.isSymbolicLink() ? [`${root} ${(stat.mode & 0o777).toString(8)}`] : [];
  if (!stat.isDirectory()) return own;
  return [...own, ...readdirSync(root).flatMap((name) => openToOthers(join(root, name)))];
}
