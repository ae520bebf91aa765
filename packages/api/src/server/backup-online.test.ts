// pnpm db:backup while the server serves (docs/decisions/0036-online-backups-with-files.md): the running
// server writes the bundle, the stored files are in it, and pnpm db:restore into a fresh folder gives an
// install whose attachments download byte for byte; one whose files were left behind warns at start.
// PGlite on a real data folder whatever TEST_DATABASE_URL says: the embedded database is what is backed up.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, createDatabase, eq, seedDemo } from "@repo/db";
import { answerBackupRequests } from "@repo/db/backup";
import { createLocalBus } from "../events.js";
import { missingStoredFiles, warnAboutMissingFiles } from "../files/missing.js";
import { s3FileStore } from "../files/s3-store.js";
import { localFileStore } from "../files/store.js";
import { copyFiles, everyStoredFile } from "../files/transfer.js";
import { configureLogging } from "../logger.js";
import { ingestMail } from "../mail/inbound/ingest.js";
import { ACME, ADMIN } from "../test/fixtures.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { startTestS3 } from "../test/s3-server.js";
import { PDF, PNG, withImageAndPdf } from "../test/mails.js";

const run = promisify(execFile);
const dbPackage = join(import.meta.dirname, "../../../db");

/** An operator's command of packages/db (pnpm db:backup, db:restore) on the install in `dataDir`. */
const operator = (script: string, args: string[], dataDir: string, env: Record<string, string> = {}) =>
  run(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], {
    cwd: dbPackage,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, INIT_CWD: dataDir, ...env },
    encoding: "utf8",
  });

/** A server on the PGlite folder and file store of `dataDir`, as `pnpm start` opens them. */
async function serverOn(dataDir: string, migrate: boolean): Promise<TestServer> {
  const database = await createDatabase({ dataDir: join(dataDir, "pglite"), migrate });
  return startTestServer({
    instanceOf: { database, bus: createLocalBus() },
    files: localFileStore(join(dataDir, "files")),
  });
}

let work: string;
let live: TestServer;
let stopAnswering: () => void;
let ticketId: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "nw-online-backup-"));
  live = await serverOn(join(work, "live"), true);
  await seedDemo(live.services.db);
  stopAnswering = answerBackupRequests(live.services.database, {
    dataDir: join(work, "live", "pglite"),
    files: join(work, "live", "files"),
  });
  ticketId = (await ingestMail(live.services, await withImageAndPdf(ACME), "webhook")).ticketId!;
}, 120_000);
afterAll(async () => {
  stopAnswering?.();
  await live?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const attachmentsOf = (server: TestServer) =>
  server.services.db
    .select({ id: attachments.id, filename: attachments.filename, fileKey: attachments.fileKey })
    .from(attachments)
    .where(eq(attachments.ticketId, ticketId));

describe("pnpm db:backup while the server serves", () => {
  const file = () => join(work, "backups", "online.tar.gz");

  it("is written by the running server, with the stored files, while the server keeps answering", async () => {
    const backup = operator("backup", ["--out", file()], join(work, "live"));
    // The server answers requests during the backup.
    const admin = await live.login(ADMIN);
    expect((await live.request(`/api/tickets/${ticketId}`, { token: admin })).status).toBe(200);
    const { stdout } = await backup;
    expect(stdout).toMatch(/stored files/);
    const manifest = JSON.parse(readFileSync(`${file()}.json`, "utf8"));
    expect(manifest).toMatchObject({ version: 2, files: { count: 3 } });
    expect(manifest.tables.find((t: { table: string }) => t.table === "attachments")?.rows).toBe(2);
    expect(existsSync(`${file()}.partial`)).toBe(false);
  }, 120_000);

  it("restores into a fresh folder where every attachment downloads the same bytes", async () => {
    const fresh = join(work, "restored");
    const { stdout } = await operator("restore", [file()], fresh);
    expect(stdout).toContain("Restored 3 stored files");
    const restored = await serverOn(fresh, false);
    try {
      const admin = await restored.login(ADMIN);
      const byName = Object.fromEntries((await attachmentsOf(restored)).map((a) => [a.filename, a.id]));
      for (const [name, bytes] of [
        ["screenshot.png", PNG],
        ["report.pdf", PDF],
      ] as const) {
        const res = await restored.request(`/api/attachments/${byName[name]}`, { token: admin });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
      expect(await missingStoredFiles(restored.services)).toEqual({ checked: 2, missing: 0 });
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe("pnpm db:backup with the files in a bucket (FILE_STORE=s3)", () => {
  it("is written by the running server with the bucket's files", async () => {
    const s3 = await startTestS3("backup-files");
    try {
      const bucket = s3FileStore(s3.settings);
      expect((await copyFiles(localFileStore(join(work, "live", "files")), bucket)).failed).toEqual([]);
      const disk = join(work, "live", "files");
      const emptied = `${disk}.aside`;
      renameSync(disk, emptied); // the bundle can only have them from the bucket now
      stopAnswering();
      stopAnswering = answerBackupRequests(live.services.database, {
        dataDir: join(work, "live", "pglite"),
        files: everyStoredFile(bucket),
      });
      const file = join(work, "backups", "bucket.tar.gz");
      await operator("backup", ["--out", file], join(work, "live"), s3.env);
      const manifest = JSON.parse(readFileSync(`${file}.json`, "utf8"));
      expect(manifest).toMatchObject({ version: 2, files: { count: 3 } });
      renameSync(emptied, disk);
    } finally {
      await s3.close();
    }
  }, 120_000);
});

describe("the start-up check of stored files", () => {
  it("warns in one line when the newest attachments miss their files, and is silent when none do", async () => {
    let written = "";
    configureLogging({
      level: "info",
      destination: {
        write(chunk: string) {
          written += chunk;
        },
      },
    });
    try {
      await warnAboutMissingFiles(live.services);
      expect(written).toBe("");
      const [gone] = await attachmentsOf(live);
      unlinkSync(join(work, "live", "files", gone!.fileKey));
      expect(await warnAboutMissingFiles(live.services)).toEqual({ checked: 2, missing: 1 });
      const lines = written.split("\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        missingFiles: 1,
        msg: expect.stringMatching(/^1 of the 2 newest attachments have no file in the file store/),
      });
      // The admin's mail-in state on /mail says so too.
      const res = await live.request("/api/mail/imap-status", { token: await live.login(ADMIN) });
      expect(await res.json()).toMatchObject({ missingFiles: { checked: 2, missing: 1 } });
    } finally {
      configureLogging({});
    }
  });
});
