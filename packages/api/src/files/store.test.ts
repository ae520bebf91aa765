// The file store's contract, on both stores: the local folder and an S3 bucket (s3rver, a real S3 API in
// this process). Whatever the server does with files holds on either.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { modeOf, openToOthers } from "@repo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../test/s3-server.js";
import { s3FileStore } from "./s3-store.js";
import { type FileStore, localFileStore } from "./store.js";

const root = mkdtempSync(join(tmpdir(), "nw-store-"));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A source that yields `chunks`, then fails as a refused upload does. */
function failingAfter(chunks: Buffer[], error: Error): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks;
      throw error;
    })(),
  );
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stores: [string, () => FileStore][] = [
  ["the local file store", () => localFileStore(mkdtempSync(join(root, "files-")))],
  ["the S3 file store", () => s3FileStore(s3.settings)],
];

describe.each(stores)("%s", (_name, makeStore) => {
  let store: FileStore;
  // Each test's keys under a folder of its own, as the S3 store shares one bucket across tests.
  let folder = 0;
  const key = (name: string) => `t${folder}/2026/11/${name}`;
  beforeAll(() => {
    store = makeStore();
  });

  it("gives back what was put, as bytes and as a stream, and says it is there", async () => {
    folder++;
    await store.put(key("a.bin"), Buffer.from("hello"));
    expect((await store.get(key("a.bin")))?.toString()).toBe("hello");
    const streamed = await store.getStream(key("a.bin"));
    expect(streamed?.size).toBe(5);
    expect((await readAll(streamed!.stream)).toString()).toBe("hello");
    expect(await store.has(key("a.bin"))).toBe(true);
  });

  it("answers null and false for a file that is not there", async () => {
    folder++;
    expect(await store.get(key("none.bin"))).toBeNull();
    expect(await store.getStream(key("none.bin"))).toBeNull();
    expect(await store.has(key("none.bin"))).toBe(false);
  });

  it("stores a stream of unknown length larger than a part, byte for byte, and counts it", async () => {
    folder++;
    // 20 MB in 1 MB chunks: several of the S3 store's 5 MB parts.
    const data = randomBytes(20 * 1024 * 1024);
    const chunks = Array.from({ length: 20 }, (_, i) => data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await store.putStream(key("big.bin"), Readable.from(chunks))).toEqual({ size: data.length });
    const back = await store.getStream(key("big.bin"));
    expect(back?.size).toBe(data.length);
    expect(sha256(await readAll(back!.stream))).toBe(sha256(data));
  });

  it("leaves nothing when the source fails, small or past a part", async () => {
    folder++;
    const refused = new Error("refused");
    await expect(store.putStream(key("small.bin"), failingAfter([Buffer.alloc(1000)], refused))).rejects.toBe(refused);
    const nine = Array.from({ length: 11 }, () => Buffer.alloc(1024 * 1024, 7));
    await expect(store.putStream(key("large.bin"), failingAfter(nine, refused))).rejects.toBe(refused);
    expect(await store.has(key("small.bin"))).toBe(false);
    expect(await store.has(key("large.bin"))).toBe(false);
    const left = [];
    for await (const k of store.keys()) if (k.startsWith(`t${folder}/`)) left.push(k);
    expect(left).toEqual([]);
  });

  it("lists every key and removes files, a missing one being no error", async () => {
    folder++;
    await store.put(key("one.bin"), Buffer.from("1"));
    await store.putStream(key("two.bin"), Readable.from([Buffer.from("2")]));
    const listed = [];
    for await (const k of store.keys()) if (k.startsWith(`t${folder}/`)) listed.push(k);
    expect(listed.sort()).toEqual([key("one.bin"), key("two.bin")]);
    await store.remove([key("one.bin"), key("gone.bin")]);
    expect(await store.has(key("one.bin"))).toBe(false);
    expect(await store.has(key("two.bin"))).toBe(true);
  });

  it("refuses a key that could reach outside the store", async () => {
    await expect(store.put("../etc/passwd", Buffer.from("x"))).rejects.toThrow("Bad file key");
    await expect(store.get("attachments/../../x")).rejects.toThrow("Bad file key");
    await expect(store.putStream("/abs/x", Readable.from([Buffer.from("x")]))).rejects.toThrow("Bad file key");
  });
});

describe("the local file store", () => {
  it("writes files 0600 in folders 0700, even under a lax umask, streamed or not", async () => {
    const lax = process.umask(0o022);
    try {
      const store = localFileStore(join(root, "files"));
      await store.put("attachments/2026/11/a.bin", Buffer.from("secret"));
      await store.putStream("attachments/2026/12/b.bin", Readable.from([Buffer.from("secret")]));
      expect(modeOf(join(root, "files", "attachments", "2026", "11", "a.bin"))).toBe(0o600);
      expect(modeOf(join(root, "files", "attachments", "2026", "12", "b.bin"))).toBe(0o600);
      expect(openToOthers(join(root, "files"))).toEqual([]);
    } finally {
      process.umask(lax);
    }
  });

  it("leaves no partial file behind a failed stream", async () => {
    const store = localFileStore(join(root, "partials"));
    await expect(
      store.putStream("attachments/2026/11/c.bin", failingAfter([Buffer.alloc(10)], new Error("x"))),
    ).rejects.toThrow("x");
    expect(readdirSync(join(root, "partials", "attachments", "2026", "11"))).toEqual([]);
  });
});
