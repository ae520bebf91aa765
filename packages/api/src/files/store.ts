// Where files live: attachments, the originals of incoming mails, invoice PDFs. Two stores behind one
// interface (docs/decisions/0052-files-on-s3.md): a folder on local disk (DATA_DIR/files, the default) and
// an S3-compatible bucket (FILE_STORE=s3, files/s3-store.ts), which several instances on several machines
// share. A database column was tried first and left: PGlite took 37 s to store a mail with a 30 MB
// attachment.
//
// Keys are made by the code, never by a user (a path such as mail/2026/11/<uuid>.eml), and are checked
// anyway so that no key can reach outside the folder or the store's part of a bucket.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredStream {
  stream: Readable;
  size: number;
}

export interface FileStore {
  /** "disk" (a folder) or "s3" (a bucket). */
  readonly kind: "disk" | "s3";
  /** Where the files are, for messages: the folder, or the bucket and its endpoint. */
  readonly location: string;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores what `body` yields without holding it whole in memory; returns how many bytes it held. When
   * `body` fails (a refused upload), nothing is left under `key` and the promise rejects with its error.
   */
  putStream(key: string, body: Readable): Promise<{ size: number }>;
  /** The file's bytes, or null when it is not there. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream and its size, or null when it is not there. */
  getStream(key: string): Promise<StoredStream | null>;
  /** Whether the file is there, without reading it (the start-up check of missing files). */
  has(key: string): Promise<boolean>;
  /** Removes the files; a key already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every stored key (backups, `pnpm files:move`); a file still being written is left out. */
  keys(): AsyncIterable<string>;
}

const KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Throws on a key the code would never make: the one check both stores share. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split("/").includes("..")) throw new Error(`Bad file key: ${key}`);
  return key;
}

const PARTIAL = ".part";

export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`Bad file key: ${key}`);
    return path;
  };
  /** A file written beside and renamed, so a reader never sees half a file; the folder made first. */
  const writeAtomically = async (key: string, write: (partial: string) => Promise<void>) => {
    const path = pathOf(key);
    // The owner's alone, whatever the umask: mails and attachments are private (docs/architecture.md §16a).
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const partial = `${path}.${randomUUID()}${PARTIAL}`;
    try {
      await write(partial);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };
  return {
    kind: "disk",
    location: base,
    async put(key, data) {
      await writeAtomically(key, (partial) => writeFile(partial, data, { mode: 0o600 }));
    },
    async putStream(key, body) {
      const counted = byteCounter();
      await writeAtomically(key, (partial) => pipeline(body, counted, createWriteStream(partial, { mode: 0o600 })));
      return { size: counted.bytes };
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async getStream(key) {
      const path = pathOf(key);
      const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return found?.isFile() ? { stream: createReadStream(path), size: found.size } : null;
    },
    async has(key) {
      return access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async *keys() {
      const names = await readdir(base, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      for (const entry of names) {
        if (!entry.isFile() || entry.name.endsWith(PARTIAL)) continue;
        const key = relative(base, join(entry.parentPath, entry.name)).split(sep).join("/");
        if (KEY.test(key)) yield key;
      }
    },
  };
}

/** A pass-through that counts the bytes going through it (`bytes`). */
export function byteCounter(): Transform & { bytes: number } {
  const counter = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counter.bytes += chunk.length;
        done(null, chunk);
      },
    }),
    { bytes: 0 },
  );
  return counter;
}

/** A key under `folder`, dated so that a folder never holds too many files: mail/2026/11/<id>.eml. */
export function datedKey(folder: string, id: string, extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return join(folder, String(now.getUTCFullYear()), month, `${id}.${extension}`).split(sep).join("/");
}
