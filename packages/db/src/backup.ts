// Backup and restore of the embedded database (docs/decisions/0010-backups-and-moving-to-postgres.md).
// A backup is PGlite's own data-folder tarball, gzipped, with a manifest beside it (`<file>.json`) that
// holds each table's row count and checksum, so a restore proves it gives back the same rows. PGlite
// serves one process, so both refuse to run while the server holds the folder.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { keepPrivate } from "./private-files.js";
import { createDatabase, embeddedDatabaseUser } from "./client.js";
import { compareSums, formatComparison, queryRows, type TableSum, tableSums } from "./tables.js";

/** A refusal or failure the operator can act on: the CLIs print its message alone, without a stack trace. */
export class OperatorError extends Error {}

export interface BackupManifest {
  format: "northwind-pglite-backup";
  version: 1;
  createdAt: string;
  /** PGlite's PostgreSQL version: the data folder's format follows its major version. */
  postgres: string;
  /** How many migrations the database had applied. */
  migrations: number;
  sha256: string;
  tables: TableSum[];
}

export const manifestPathOf = (file: string) => `${file}.json`;

/** Refuses when another live process (the server) holds the embedded database in `dataDir`. */
export function refuseWhileInUse(dataDir: string, what: string): void {
  const pid = embeddedDatabaseUser(dataDir);
  if (pid) {
    throw new OperatorError(
      `Cannot ${what}: the embedded database in ${dataDir} is in use by process ${pid} (the server?). Stop it, then run this command again.`,
    );
  }
}

export function refuseWithoutDatabase(dataDir: string): void {
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new OperatorError(`There is no embedded database in ${dataDir}. Set DATA_DIR to the folder the server uses.`);
  }
}

export async function backupEmbedded(options: { dataDir: string; file: string }): Promise<BackupManifest> {
  const dataDir = resolve(options.dataDir);
  refuseWhileInUse(dataDir, "back up");
  refuseWithoutDatabase(dataDir);
  if (existsSync(options.file)) throw new OperatorError(`${options.file} already exists; choose another file.`);
  const handle = await createDatabase({ dataDir, migrate: false });
  try {
    // Written to the data files first, so the tarball does not lean on replaying the write-ahead log.
    await handle.db.execute(sql`checkpoint`);
    const tables = await tableSums(handle.db);
    const migrations = await migrationCount(handle.db);
    const tarball = gzipSync(Buffer.from(await (await handle.dump!()).arrayBuffer()));
    const manifest: BackupManifest = {
      format: "northwind-pglite-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      postgres: await serverVersion(handle.db),
      migrations,
      sha256: createHash("sha256").update(tarball).digest("hex"),
      tables,
    };
    mkdirSync(dirname(resolve(options.file)), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so an interrupted backup never leaves a file that looks whole. The
    // owner's alone: the tarball holds password hashes and authenticator secrets.
    writeFileSync(`${options.file}.partial`, tarball, { mode: 0o600 });
    writeFileSync(manifestPathOf(options.file), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(`${options.file}.partial`, options.file);
    return manifest;
  } finally {
    await handle.close();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was replaced (with --force) was kept. */
  keptAs?: string;
  report: string;
}

export async function restoreEmbedded(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  if (!existsSync(options.file)) throw new OperatorError(`No backup at ${options.file}.`);
  const manifestPath = manifestPathOf(options.file);
  if (!existsSync(manifestPath)) {
    throw new OperatorError(
      `No manifest at ${manifestPath}: a backup is the .tar.gz file and its .json manifest together.`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as BackupManifest;
  const tarball = readFileSync(options.file);
  if (
    manifest.format !== "northwind-pglite-backup" ||
    createHash("sha256").update(tarball).digest("hex") !== manifest.sha256
  ) {
    throw new OperatorError(`${options.file} does not match its manifest (damaged, or not a Northwind IT backup).`);
  }
  refuseWhileInUse(dataDir, "restore");
  let keptAs: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.force) {
      throw new OperatorError(
        `${dataDir} already holds a database. Add --force to replace it (the current one is kept beside it, renamed).`,
      );
    }
    keptAs = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, keptAs);
  }
  try {
    const handle = await createDatabase({ dataDir, loadDataDir: new Blob([gunzipSync(tarball)]), migrate: false });
    let restored: TableSum[];
    try {
      restored = await tableSums(handle.db);
    } finally {
      await handle.close();
    }
    // Unpacked under this process's umask: the restored folder is the owner's alone, as the data was.
    keepPrivate(dataDir);
    const comparison = compareSums(manifest.tables, restored);
    const report = formatComparison(comparison, ["backup", "restored"]);
    if (comparison.some((c) => !c.same)) {
      throw new OperatorError(`The restored database differs from the backup:\n${report}`);
    }
    return { manifest, keptAs, report };
  } catch (error) {
    // Leave the folder as it was: the replaced database goes back in place.
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAs) renameSync(keptAs, dataDir);
    if (error instanceof OperatorError) throw error;
    // Most likely a backup from a PGlite of another PostgreSQL major version (docs/decisions/0010).
    throw new OperatorError(
      `PGlite could not open ${options.file} (a backup of PostgreSQL ${manifest.postgres}): ${(error as Error).message}`,
    );
  }
}

async function migrationCount(db: Parameters<typeof queryRows>[0]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

async function serverVersion(db: Parameters<typeof queryRows>[0]): Promise<string> {
  const [row] = await queryRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  return row!.v;
}
