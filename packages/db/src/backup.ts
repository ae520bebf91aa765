// Backup and restore of the embedded database (docs/decisions/0010-backups-and-moving-to-postgres.md,
// docs/decisions/0036-online-backups-with-files.md). A backup is one gzipped tar holding PGlite's own
// data-folder tarball and the stored files (attachments, mail originals: DATA_DIR/files), with a manifest
// beside it (`<file>.json`) that holds each table's row count and checksum, so a restore proves it gives
// back the same rows. PGlite serves one process: while the server holds the folder, the backup is asked
// of the server itself (a request file and SIGUSR2), which dumps between two queries; a restore still
// needs the server stopped.
import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { keepPrivate } from "./private-files.js";
import { createDatabase, type DatabaseHandle, embeddedDatabaseUser } from "./client.js";
import { packTar, type TarEntry, unpackTar } from "./tar.js";
import { compareSums, formatComparison, queryRows, type TableSum, tableSums } from "./tables.js";

/** A refusal or failure the operator can act on: the CLIs print its message alone, without a stack trace. */
export class OperatorError extends Error {}

export interface BackupManifest {
  format: "northwind-pglite-backup";
  /** 1: PGlite's tarball alone (older backups, still restored); 2: a bundle with the stored files. */
  version: 1 | 2;
  createdAt: string;
  /** PGlite's PostgreSQL version: the data folder's format follows its major version. */
  postgres: string;
  /** How many migrations the database had applied. */
  migrations: number;
  sha256: string;
  tables: TableSum[];
  /** Version 2: the stored files the bundle holds. */
  files?: { count: number; bytes: number };
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

/** The stored files of an install whose database is in `dataDir`: DATA_DIR/files beside DATA_DIR/pglite. */
export const filesDirOf = (dataDir: string) => join(dirname(resolve(dataDir)), "files");

const DATABASE_ENTRY = "database.tar";
const FILES_PREFIX = "files/";

export async function backupEmbedded(options: {
  dataDir: string;
  file: string;
  /** DATA_DIR/files by default. */
  filesDir?: string;
  /** How long to wait for a running server to write the backup. */
  timeoutMs?: number;
  /**
   * FILE_STORE=s3: the files are in a bucket, which only the server reads (this package has no S3
   * client), so without a running server the backup is refused rather than written without them.
   */
  filesInBucket?: boolean;
}): Promise<BackupManifest> {
  const dataDir = resolve(options.dataDir);
  const filesDir = resolve(options.filesDir ?? filesDirOf(dataDir));
  refuseWithoutDatabase(dataDir);
  if (existsSync(options.file)) throw new OperatorError(`${options.file} already exists; choose another file.`);
  mkdirSync(dirname(resolve(options.file)), { recursive: true, mode: 0o700 });
  const partial = `${resolve(options.file)}.partial`;
  const server = embeddedDatabaseUser(dataDir);
  if (server && answersBackups(dataDir) === server) {
    await askServerForBackup(dataDir, server, partial, options.timeoutMs ?? 10 * 60_000);
  } else {
    refuseWhileInUse(dataDir, "back up");
    if (options.filesInBucket) {
      throw new OperatorError(
        "FILE_STORE=s3: the files are in the bucket, which the running server reads for the backup. Start the server and run this command again (or copy the files to disk first: pnpm files:move --to disk).",
      );
    }
    const handle = await createDatabase({ dataDir, migrate: false });
    try {
      await writeBundle(handle, filesDir, partial);
    } finally {
      await handle.close();
    }
  }
  return sealBackup(partial, options.file);
}

/**
 * The database's tarball and the stored files, gzipped into `partial`. The dump runs between two queries
 * of the handle (PGlite serialises them), so it is what a crash at that instant would leave, which
 * PostgreSQL recovers from on open; the files are read after it, so every file a dumped row names is in.
 */
/**
 * Where a bundle's stored files come from: the folder DATA_DIR/files, or a reader of every file of a
 * remote store (an S3 bucket, FILE_STORE=s3: docs/decisions/0052), which the server supplies.
 */
export type StoredFiles = string | (() => Promise<TarEntry[]>);

export async function writeBundle(handle: DatabaseHandle, files: StoredFiles, partial: string): Promise<void> {
  if (!handle.dump) throw new OperatorError("Only the embedded database (PGlite) is backed up this way.");
  // Written to the data files first, so the tarball does not lean on replaying the write-ahead log.
  await handle.db.execute(sql`checkpoint`);
  const database = Buffer.from(await (await handle.dump()).arrayBuffer());
  const stored = typeof files === "string" ? storedFiles(files) : await files();
  const entries: TarEntry[] = [
    { name: DATABASE_ENTRY, data: database },
    ...stored.map((file) => (typeof files === "string" ? file : { ...file, name: FILES_PREFIX + file.name })),
  ];
  // The owner's alone: the bundle holds password hashes, authenticator secrets, mails and attachments.
  writeFileSync(partial, gzipSync(packTar(entries)), { mode: 0o600 });
}

/** Every stored file under `filesDir`, named `files/<key>`; a file being written (`.part`) is left out. */
function storedFiles(filesDir: string): TarEntry[] {
  if (!existsSync(filesDir)) return [];
  const entries: TarEntry[] = [];
  for (const name of readdirSync(filesDir, { recursive: true, encoding: "utf8" })) {
    const path = join(filesDir, name);
    if (name.endsWith(".part") || !statSync(path, { throwIfNoEntry: false })?.isFile()) continue;
    try {
      entries.push({ name: FILES_PREFIX + relative(filesDir, path).split(sep).join("/"), data: readFileSync(path) });
    } catch (error) {
      // Removed since it was listed (its row deleted meanwhile): nothing to keep.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return entries;
}

/**
 * Proves the bundle opens: its database is loaded into memory, and the manifest records what is in it
 * (each table's rows and checksum, the files), so a restore can show it gives back the same. Then the
 * bundle takes its name; an interrupted backup never leaves a file that looks whole.
 */
async function sealBackup(partial: string, file: string): Promise<BackupManifest> {
  try {
    const bundle = readFileSync(partial);
    const entries = unpackTar(gunzipSync(bundle));
    const database = entries.find((e) => e.name === DATABASE_ENTRY);
    if (!database) throw new OperatorError("The backup holds no database.");
    const files = entries.filter((e) => e.name.startsWith(FILES_PREFIX));
    const handle = await createDatabase({ loadDataDir: new Blob([new Uint8Array(database.data)]), migrate: false });
    let manifest: BackupManifest;
    try {
      manifest = {
        format: "northwind-pglite-backup",
        version: 2,
        createdAt: new Date().toISOString(),
        postgres: await serverVersion(handle.db),
        migrations: await migrationCount(handle.db),
        sha256: createHash("sha256").update(bundle).digest("hex"),
        tables: await tableSums(handle.db),
        files: { count: files.length, bytes: files.reduce((n, f) => n + f.data.length, 0) },
      };
    } finally {
      await handle.close();
    }
    writeFileSync(manifestPathOf(file), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(partial, { force: true });
  }
}

// The running server's side (docs/decisions/0036): it announces that it answers backups in
// `<dataDir>.backups` (its pid), and on SIGUSR2 writes the bundle each request file in DATA_DIR asks for.
const answersFileOf = (dataDir: string) => `${resolve(dataDir)}.backups`;
const requestPrefixOf = (dataDir: string) => `${resolve(dataDir).split(sep).pop()}.backup-request-`;

function answersBackups(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(answersFileOf(dataDir), "utf8")) || undefined;
  } catch {
    return undefined;
  }
}

interface BackupRequest {
  partial: string;
}
interface BackupAnswer {
  error?: string;
}

async function askServerForBackup(dataDir: string, pid: number, partial: string, timeoutMs: number) {
  const request = join(dirname(dataDir), `${requestPrefixOf(dataDir)}${randomUUID()}.json`);
  const answer = `${partial}.answer.json`;
  rmSync(answer, { force: true });
  writeFileSync(request, JSON.stringify({ partial } satisfies BackupRequest), { mode: 0o600 });
  try {
    process.kill(pid, "SIGUSR2");
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(answer)) {
      if (Date.now() > deadline) {
        throw new OperatorError(`The server (process ${pid}) did not write the backup within ${timeoutMs / 1000} s.`);
      }
      if (!embeddedDatabaseUser(dataDir))
        throw new OperatorError(`The server (process ${pid}) stopped during the backup.`);
      await new Promise((done) => setTimeout(done, 100));
    }
    const { error } = JSON.parse(readFileSync(answer, "utf8")) as BackupAnswer;
    if (error) throw new OperatorError(`The server (process ${pid}) could not write the backup: ${error}`);
  } finally {
    rmSync(request, { force: true });
    rmSync(answer, { force: true });
  }
}

/**
 * In the server that holds the embedded database: answers `pnpm db:backup` while serving. Returns the
 * function that stops answering. `onError` reports a backup that failed (the operator sees it too).
 */
export function answerBackupRequests(
  handle: DatabaseHandle,
  options: { dataDir: string; files: StoredFiles; onError?: (error: unknown) => void },
): () => void {
  const dataDir = resolve(options.dataDir);
  const folder = dirname(dataDir);
  let running: Promise<void> = Promise.resolve();
  const answerAll = async () => {
    for (const name of readdirSync(folder)) {
      if (!name.startsWith(requestPrefixOf(dataDir)) || !name.endsWith(".json")) continue;
      const path = join(folder, name);
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(path, "utf8")) as BackupRequest;
        unlinkSync(path);
      } catch {
        continue; // taken, or withdrawn, meanwhile
      }
      let answer: BackupAnswer = {};
      try {
        await writeBundle(handle, options.files, request.partial);
      } catch (error) {
        options.onError?.(error);
        answer = { error: (error as Error).message };
      }
      writeFileSync(`${request.partial}.answer.json`, JSON.stringify(answer), { mode: 0o600 });
    }
  };
  const onSignal = () => {
    running = running.then(answerAll, answerAll);
  };
  process.on("SIGUSR2", onSignal);
  writeFileSync(answersFileOf(dataDir), String(process.pid), { mode: 0o600 });
  return () => {
    process.off("SIGUSR2", onSignal);
    rmSync(answersFileOf(dataDir), { force: true });
  };
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was replaced (with --force) was kept. */
  keptAs?: string;
  /** Where the stored files that were replaced (with --force) were kept. */
  filesKeptAs?: string;
  report: string;
}

export async function restoreEmbedded(options: {
  file: string;
  dataDir: string;
  /** DATA_DIR/files by default. */
  filesDir?: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const filesDir = resolve(options.filesDir ?? filesDirOf(dataDir));
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
  const withFiles = manifest.version === 2;
  const occupied = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;
  if (!options.force) {
    if (occupied(dataDir)) {
      throw new OperatorError(
        `${dataDir} already holds a database. Add --force to replace it (the current one is kept beside it, renamed).`,
      );
    }
    if (withFiles && occupied(filesDir)) {
      throw new OperatorError(
        `${filesDir} already holds files. Add --force to replace them (the current ones are kept beside, renamed).`,
      );
    }
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const setAside = (dir: string) => {
    if (!occupied(dir)) return undefined;
    renameSync(dir, `${dir}.before-restore-${stamp}`);
    return `${dir}.before-restore-${stamp}`;
  };
  const keptAs = setAside(dataDir);
  const filesKeptAs = withFiles ? setAside(filesDir) : undefined;
  try {
    // Version 1 is PGlite's tarball alone; version 2 bundles it with the stored files.
    const entries = withFiles ? unpackTar(gunzipSync(tarball)) : [];
    const database = withFiles ? entries.find((e) => e.name === DATABASE_ENTRY)?.data : gunzipSync(tarball);
    if (!database) throw new Error("the backup holds no database");
    const handle = await createDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(database)]), migrate: false });
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
    const files = entries.filter((e) => e.name.startsWith(FILES_PREFIX));
    for (const { name, data } of files) {
      const path = resolve(filesDir, name.slice(FILES_PREFIX.length));
      if (!path.startsWith(filesDir + sep))
        throw new OperatorError(`The backup names a file outside the store: ${name}`);
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, data, { mode: 0o600 });
    }
    if (withFiles && files.length !== manifest.files?.count) {
      throw new OperatorError(`The backup holds ${files.length} files; its manifest says ${manifest.files?.count}.`);
    }
    return { manifest, keptAs, filesKeptAs, report };
  } catch (error) {
    // Leave the folders as they were: what was replaced goes back in place.
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAs) renameSync(keptAs, dataDir);
    if (withFiles) rmSync(filesDir, { recursive: true, force: true });
    if (filesKeptAs) renameSync(filesKeptAs, filesDir);
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
