// Files between stores (docs/decisions/0052-files-on-s3.md): `pnpm files:move` copies every file of one
// store into the other and proves each copy (size and SHA-256 read back from the target), and a backup
// of the embedded database reads the files of whichever store holds them.
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { FileStore } from "./store.js";

export interface CopyReport {
  /** Files copied and read back the same. */
  copied: number;
  bytes: number;
  /** Files whose copy failed or read back differently, with the reason. */
  failed: { key: string; reason: string }[];
}

/** A pass-through that hashes what goes through it; `digest()` once it has ended. */
function hasher() {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest("hex") }) };
}

/** Size and SHA-256 of a stored file as the store gives it back; null when it is not there. */
export async function fingerprint(store: FileStore, key: string): Promise<{ size: number; sha256: string } | null> {
  const found = await store.getStream(key);
  if (!found) return null;
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of found.stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Copies every file of `from` into `to`, streamed, and reads each copy back to compare its size and
 * SHA-256 with what was read from `from`. The source is left as it is: the operator switches FILE_STORE
 * once the report is clean, and can switch back until the old files are removed by hand.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  onFile: (key: string, ok: boolean) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, bytes: 0, failed: [] };
  for await (const key of from.keys()) {
    try {
      const source = await from.getStream(key);
      if (!source) continue; // removed since it was listed (its ticket deleted): nothing to move
      const read = hasher();
      source.stream.on("error", (error) => read.stream.destroy(error));
      await to.putStream(key, source.stream.pipe(read.stream));
      const sent = read.result();
      const copy = await fingerprint(to, key);
      if (!copy || copy.size !== sent.size || copy.sha256 !== sent.sha256) {
        throw new Error(
          `the copy reads back ${copy ? `${copy.size} bytes, SHA-256 ${copy.sha256}` : "as missing"}; sent ${sent.size} bytes, SHA-256 ${sent.sha256}`,
        );
      }
      report.copied++;
      report.bytes += sent.size;
      onFile(key, true);
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
      onFile(key, false);
    }
  }
  return report;
}

/** Every stored file as a backup bundle names it (its key), read from `store` (a bucket, or the folder). */
export function everyStoredFile(store: FileStore): () => Promise<{ name: string; data: Buffer }[]> {
  return async () => {
    const files = [];
    for await (const key of store.keys()) {
      const data = await store.get(key);
      if (data) files.push({ name: key, data }); // one gone since it was listed has no row left either
    }
    return files;
  };
}
