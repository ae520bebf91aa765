// At start, a look at whether the stored files the newest attachments point at are there: an install
// restored without them (a backup from before docs/decisions/0036, a copied database without DATA_DIR/files)
// otherwise answers 404 for every file without a word. Bounded: the most recent rows only, never a scan
// of a large store.
import { attachments, desc, type Database } from "@repo/db";
import { log } from "../logger.js";
import type { FileStore } from "./store.js";

/** How many of the newest attachments the start-up check looks at. */
export const MISSING_FILES_CHECKED = 200;

export interface MissingFiles {
  checked: number;
  missing: number;
}

export async function missingStoredFiles(
  { db, files }: { db: Database; files: FileStore },
  limit = MISSING_FILES_CHECKED,
): Promise<MissingFiles> {
  const rows = await db
    .select({ fileKey: attachments.fileKey })
    .from(attachments)
    .orderBy(desc(attachments.createdAt))
    .limit(limit);
  const present = await Promise.all(rows.map((row) => files.has(row.fileKey)));
  return { checked: rows.length, missing: present.filter((here) => !here).length };
}

/** One warning line when some are missing; nothing otherwise. */
export async function warnAboutMissingFiles(services: { db: Database; files: FileStore }): Promise<MissingFiles> {
  const found = await missingStoredFiles(services);
  if (found.missing > 0) {
    log.warn(
      { missingFiles: found.missing, checkedFiles: found.checked },
      `${found.missing} of the ${found.checked} newest attachments have no file in the file store (DATA_DIR/files), so they answer 404: restore the files from a backup that holds them (pnpm db:restore).`,
    );
  }
  return found;
}
