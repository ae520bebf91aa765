// The data folder holds password hashes, authenticator secrets, mails and attachments: it is the
// owner's alone (docs/architecture.md §16a). A process that writes it first sets its umask to 077, so what
// it creates (PGlite's files included) is 0600 and 0700; and a folder written before that rule, or by a
// process without it, is put right when it is opened.
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Nothing for the group or others: files 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077;

/** Sets the process's umask so that everything it creates from now on is its owner's alone. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes the group's and others' permissions off `root` and everything under it (symbolic links are
 * left alone, not followed). A missing `root` is nothing to do.
 */
export function keepPrivate(root: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  if (stat.mode & PRIVATE_UMASK) chmodSync(root, stat.mode & 0o7700 & ~PRIVATE_UMASK);
  if (stat.isDirectory()) for (const name of readdirSync(root)) keepPrivate(join(root, name));
}
