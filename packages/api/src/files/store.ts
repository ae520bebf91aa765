// Where files live: the originals of incoming mails now, attachments next. The default store is a folder
// on local disk (DATA_DIR/files); several server instances then need that folder shared (a volume). A
// database column was tried first and left: PGlite took 37 s to store a mail with a 30 MB attachment.
//
// Keys are made by the code, never by a user (a path such as mail/2026/11/<uuid>.eml), and are checked
// anyway so that no key can reach outside the folder.
import { randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when it is not there. */
  get(key: string): Promise<Buffer | null>;
  /** Whether the file is there, without reading it (the start-up check of missing files). */
  has(key: string): Promise<boolean>;
  /** Removes the files; a key already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!KEY.test(key) || key.includes("..") || !path.startsWith(base + sep)) throw new Error(`Bad file key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      // The owner's alone, whatever the umask: mails and attachments are private (docs/architecture.md §16a).
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
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
  };
}

/** A key under `folder`, dated so that a folder never holds too many files: mail/2026/11/<id>.eml. */
export function datedKey(folder: string, id: string, extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return join(folder, String(now.getUTCFullYear()), month, `${id}.${extension}`).split(sep).join("/");
}
