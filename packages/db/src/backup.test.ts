// Backup and restore of the embedded database, on real PGlite folders: the rows come back the same, and
// every refusal leaves things as they were (docs/decisions/0010-backups-and-moving-to-postgres.md).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbedded, manifestPathOf, restoreEmbedded } from "./backup.js";
import { createDatabase } from "./client.js";
import { queryRows, tableSums, type TableSum } from "./tables.js";
import { TRICKY_TICKET, createDemoDataDir, modeOf, openToOthers, readTrickyTicket } from "./testing.js";

let demo: Awaited<ReturnType<typeof createDemoDataDir>>;
let work: string;
let before: TableSum[];

/** The tables of the embedded database in `dataDir`, counted and summed. */
async function sumsOf(dataDir: string): Promise<TableSum[]> {
  const handle = await createDatabase({ dataDir, migrate: false });
  try {
    return await tableSums(handle.db);
  } finally {
    await handle.close();
  }
}

/** Claims `dataDir` for another live process (our parent), as a running server does. */
function holdLock(dataDir: string): () => void {
  const lockFile = join(dirname(dataDir), "pglite.lock");
  writeFileSync(lockFile, String(process.ppid));
  return () => rmSync(lockFile, { force: true });
}

beforeAll(async () => {
  demo = await createDemoDataDir();
  work = mkdtempSync(join(tmpdir(), "nw-backup-"));
  before = await sumsOf(demo.dataDir);
}, 120_000);
afterAll(() => {
  demo?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("backup then restore", () => {
  it("gives back the same rows in every table, tricky types included", async () => {
    const file = join(work, "a.tar.gz");
    const manifest = await backupEmbedded({ dataDir: demo.dataDir, file });
    expect(manifest.tables).toEqual(before);
    expect(before.find((t) => t.table === "tickets")!.rows).toBeGreaterThan(10);

    // The tarball holds password hashes and authenticator secrets: the owner's alone, like the data.
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(manifestPathOf(file))).toBe(0o600);

    const restoredDir = join(work, "restored", "pglite");
    const { report } = await restoreEmbedded({ file, dataDir: restoredDir });
    expect(report).not.toContain("MISMATCH");
    expect(openToOthers(restoredDir)).toEqual([]);
    expect(await sumsOf(restoredDir)).toEqual(before);

    const handle = await createDatabase({ dataDir: restoredDir, migrate: false });
    try {
      expect(await readTrickyTicket(handle.db)).toEqual(TRICKY_TICKET);
      const [setting] = await queryRows<{ kind: string }>(
        handle.db,
        sql`select jsonb_typeof(value) as kind from app_settings where key = 'test.json-null'`,
      );
      expect(setting?.kind).toBe("null");
    } finally {
      await handle.close();
    }
  });

  it("refuses to back up while another process holds the database, and writes nothing", async () => {
    const release = holdLock(demo.dataDir);
    try {
      const file = join(work, "refused.tar.gz");
      await expect(backupEmbedded({ dataDir: demo.dataDir, file })).rejects.toThrow(
        `Cannot back up: the embedded database in ${demo.dataDir} is in use by process ${process.ppid} (the server?). Stop it, then run this command again.`,
      );
      expect(existsSync(file)).toBe(false);
    } finally {
      release();
    }
  });

  it("refuses to restore over a database without --force; with it, keeps the replaced one aside", async () => {
    const file = join(work, "b.tar.gz");
    await backupEmbedded({ dataDir: demo.dataDir, file });
    const target = join(work, "occupied", "pglite");
    await restoreEmbedded({ file, dataDir: target });

    await expect(restoreEmbedded({ file, dataDir: target })).rejects.toThrow(
      `${target} already holds a database. Add --force to replace it`,
    );
    const { keptAs } = await restoreEmbedded({ file, dataDir: target, force: true });
    expect(keptAs).toMatch(/pglite\.before-restore-/);
    expect(await sumsOf(keptAs!)).toEqual(before);
    expect(await sumsOf(target)).toEqual(before);
  });

  it("refuses to restore into a database in use, and a file that does not match its manifest", async () => {
    const file = join(work, "c.tar.gz");
    await backupEmbedded({ dataDir: demo.dataDir, file });
    const release = holdLock(demo.dataDir);
    try {
      await expect(restoreEmbedded({ file, dataDir: demo.dataDir, force: true })).rejects.toThrow(
        `Cannot restore: the embedded database in ${demo.dataDir} is in use by process ${process.ppid}`,
      );
    } finally {
      release();
    }
    const damaged = join(work, "damaged.tar.gz");
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(manifestPathOf(damaged), readFileSync(manifestPathOf(file)));
    await expect(restoreEmbedded({ file: damaged, dataDir: join(work, "never", "pglite") })).rejects.toThrow(
      "does not match its manifest",
    );
    expect(existsSync(join(work, "never"))).toBe(false);
    expect(await sumsOf(demo.dataDir)).toEqual(before);
  });
  it("a backup PGlite cannot open is reported in one sentence, and the folder is left as it was", async () => {
    const file = join(work, "unreadable.tar.gz");
    const manifest = await backupEmbedded({ dataDir: demo.dataDir, file });
    const notATarball = gzipSync(Buffer.from("not a data folder"));
    writeFileSync(file, notATarball);
    const sha256 = createHash("sha256").update(notATarball).digest("hex");
    writeFileSync(manifestPathOf(file), JSON.stringify({ ...manifest, sha256 }));
    const target = join(work, "unreadable", "pglite");
    await expect(restoreEmbedded({ file, dataDir: target })).rejects.toThrow(
      `PGlite could not open ${file} (a backup of PostgreSQL ${manifest.postgres}): `,
    );
    expect(existsSync(target)).toBe(false);
  });
});

describe("pnpm db:backup as the operator meets it", () => {
  it("a refusal is one line on stderr and exit 1, no stack trace", () => {
    const release = holdLock(demo.dataDir);
    try {
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "src/cli/backup.ts", "--out", join(work, "cli.tar.gz")],
        {
          cwd: join(import.meta.dirname, ".."),
          env: { ...process.env, DATABASE_URL: "", DATA_DIR: dirname(demo.dataDir), INIT_CWD: work },
          encoding: "utf8",
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split("\n")).toEqual([
        `db:backup: Cannot back up: the embedded database in ${demo.dataDir} is in use by process ${process.ppid} (the server?). Stop it, then run this command again.`,
      ]);
    } finally {
      release();
    }
  });
});
