// Moving files between the disk and a bucket (pnpm files:move): every file copied, each read back and
// compared (size, SHA-256), a bad copy reported by key; and the backup's reader of a bucket's files.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../test/s3-server.js";
import { s3FileStore } from "./s3-store.js";
import { type FileStore, localFileStore } from "./store.js";
import { copyFiles, everyStoredFile, fingerprint } from "./transfer.js";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

const files = {
  "attachments/2026/11/a.bin": randomBytes(3 * 1024 * 1024),
  "mail/2026/11/m.eml": Buffer.from("From: a@example.com\r\n\r\nHello"),
  "invoices/i.pdf": Buffer.from("%PDF-1.7 ..."),
};

async function keysOf(store: FileStore): Promise<string[]> {
  const keys = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

describe("copyFiles", () => {
  it("copies every file from the disk to the bucket and back, each verified, the source left in place", async () => {
    const disk = localFileStore(mkdtempSync(join(tmpdir(), "nw-move-")));
    for (const [key, data] of Object.entries(files)) await disk.put(key, data);
    const bucket = s3FileStore({ ...s3.settings });
    const up = await copyFiles(disk, bucket);
    expect(up).toEqual({ copied: 3, bytes: Object.values(files).reduce((n, f) => n + f.length, 0), failed: [] });
    expect(await keysOf(bucket)).toEqual(Object.keys(files).sort());
    expect(await keysOf(disk)).toEqual(Object.keys(files).sort());

    const back = localFileStore(mkdtempSync(join(tmpdir(), "nw-move-")));
    expect((await copyFiles(bucket, back)).copied).toBe(3);
    for (const [key, data] of Object.entries(files)) expect((await back.get(key))?.equals(data)).toBe(true);
  });

  it("reports a copy that reads back differently, by key, and goes on with the others", async () => {
    const disk = localFileStore(mkdtempSync(join(tmpdir(), "nw-move-")));
    for (const [key, data] of Object.entries(files)) await disk.put(key, data);
    const target = localFileStore(mkdtempSync(join(tmpdir(), "nw-move-")));
    // A target that loses the last byte of the mail: a truncated write the check must catch.
    const lossy: FileStore = {
      ...target,
      async putStream(key, body) {
        if (!key.startsWith("mail/")) return target.putStream(key, body);
        const chunks = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return target.putStream(key, Readable.from([Buffer.concat(chunks).subarray(0, -1)]));
      },
    };
    const report = await copyFiles(disk, lossy);
    expect(report.copied).toBe(2);
    expect(report.failed).toEqual([
      {
        key: "mail/2026/11/m.eml",
        reason: expect.stringMatching(/^the copy reads back 27 bytes, SHA-256 [0-9a-f]{64}; sent 28 bytes/),
      },
    ]);
  });
});

describe("everyStoredFile", () => {
  it("reads every file of a bucket under its key, for the backup bundle", async () => {
    const own = await startTestS3("backup-source");
    try {
      const store = s3FileStore(own.settings);
      await store.put("attachments/2026/11/x.bin", Buffer.from("x"));
      await store.put("mail/2026/11/y.eml", Buffer.from("y"));
      const read = await everyStoredFile(store)();
      expect(read.map((f) => [f.name, f.data.toString()]).sort()).toEqual([
        ["attachments/2026/11/x.bin", "x"],
        ["mail/2026/11/y.eml", "y"],
      ]);
    } finally {
      await own.close();
    }
  });
});

describe("pnpm files:move", () => {
  const run = promisify(execFile);
  const move = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ["--import", "tsx", "src/cli/files-move.ts", ...args], {
      cwd: join(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_URL: "", ...env },
      encoding: "utf8",
    });

  it("moves DATA_DIR/files into the bucket and says what it verified", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nw-move-cli-"));
    const disk = localFileStore(join(dataDir, "files"));
    await disk.put("attachments/2026/11/cli.bin", Buffer.from("moved by the command"));
    const env = { ...s3.env, S3_BUCKET: "cli-target", DATA_DIR: dataDir };
    const own = await startTestS3("cli-target");
    try {
      const { stdout } = await move(["--to", "s3"], { ...env, S3_ENDPOINT: own.settings.endpoint! });
      expect(stdout).toContain("Copied and verified 1 files (20 bytes).");
      expect(stdout).toContain("Now set FILE_STORE=s3 and restart");
      expect(await fingerprint(s3FileStore(own.settings), "attachments/2026/11/cli.bin")).toEqual(
        await fingerprint(disk, "attachments/2026/11/cli.bin"),
      );
    } finally {
      await own.close();
    }
  }, 60_000);

  it("names a missing target in one line and exits 1", async () => {
    const failure = await move([], {}).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: "files:move: Say where to: pnpm files:move --to s3|disk\n" });
  }, 60_000);
});
