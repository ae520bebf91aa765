// Test databases: a fresh, migrated database per test file. With TEST_DATABASE_URL (a PostgreSQL server)
// each call creates its own database; otherwise it clones one migrated PGlite image, since migrating a
// new PGlite costs seconds and cloning a dump costs a fraction of that.
import { existsSync, readFileSync, readdirSync, writeFileSync, renameSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "./client.js";

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
  const { default: postgres } = await import("postgres");
  const name = `nw_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), maxConnections: 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
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
  const image = new Blob([readFileSync(imagePath)]);
  return createDatabase({ dataDir: "memory://", loadDataDir: image, migrate: false });
}
