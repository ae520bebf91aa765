// Uploads: a file picked in a form is uploaded at once (POST /api/attachments) and waits, without a
// ticket, until the create or comment that names its id claims it in that write's transaction. So the
// JSON payloads of the REST API stay JSON, a large file travels while the person is still typing, and a
// write whose files are not all there changes nothing. Uploads nobody claims are purged after a day.
import { and, attachments, eq, inArray, isNull, lt, type Database, type DbExecutor } from "@repo/db";
import { ATTACHMENT_REFUSALS } from "@repo/validators";
import { v7 as uuidv7 } from "uuid";
import { InvalidError, TooLargeError } from "../errors.js";
import { checkFile, safeFilename } from "./attachments.js";
import { datedKey, type FileStore } from "./store.js";

/** How long an upload waits to be attached before it is purged. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;

export interface Upload {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** Checks and stores one uploaded file for `uploadedBy` (null: a visitor on the public form). */
export async function stageUpload(
  { db, files }: { db: DbExecutor; files: FileStore },
  file: { filename: string; bytes: Buffer; uploadedBy: string | null },
  now = new Date(),
): Promise<Upload> {
  const check = await checkFile(file.filename, file.bytes);
  if (!check.ok) {
    throw check.reason === ATTACHMENT_REFUSALS.size ? new TooLargeError(check.reason) : new InvalidError(check.reason);
  }
  const id = uuidv7();
  const fileKey = datedKey("attachments", id, "bin", now);
  const upload = { id, filename: safeFilename(file.filename), contentType: check.contentType, size: file.bytes.length };
  await files.put(fileKey, file.bytes);
  try {
    await db.insert(attachments).values({ ...upload, fileKey, uploadedBy: file.uploadedBy, createdAt: now });
  } catch (error) {
    await files.remove([fileKey]);
    throw error;
  }
  return upload;
}

/** Whose uploads a write may claim, and the ids it names. */
export interface UploadClaim {
  ids: readonly string[];
  uploadedBy: string | null;
}

/** The claim of a write's `attachments` input by its author (null: a visitor). */
export const uploadClaim = (ids: readonly string[] | undefined, uploadedBy: string | null): UploadClaim => ({
  ids: ids ?? [],
  uploadedBy,
});

/**
 * Attaches the named uploads to a ticket or comment; pass the write's transaction. An id that is not an
 * unclaimed upload of the same uploader fails the whole write (InvalidError), so no ticket is created
 * without the files its author sent.
 */
export async function claimUploads(
  tx: DbExecutor,
  claim: UploadClaim | undefined,
  owner: { ticketId: string; commentId?: string },
): Promise<Upload[]> {
  const ids = [...new Set(claim?.ids ?? [])];
  if (!claim || ids.length === 0) return [];
  const claimed = await tx
    .update(attachments)
    .set({ ticketId: owner.ticketId, commentId: owner.commentId ?? null })
    .where(
      and(
        inArray(attachments.id, ids),
        isNull(attachments.ticketId),
        claim.uploadedBy ? eq(attachments.uploadedBy, claim.uploadedBy) : isNull(attachments.uploadedBy),
      ),
    )
    .returning({
      id: attachments.id,
      filename: attachments.filename,
      contentType: attachments.contentType,
      size: attachments.size,
    });
  if (claimed.length !== ids.length) throw new InvalidError(ATTACHMENT_REFUSALS.unknown);
  return ids.map((id) => claimed.find((c) => c.id === id)!);
}

/** Deletes the uploads nobody attached within UPLOAD_TTL_MS, rows then files; returns how many. */
export async function purgeStaleUploads(db: Database, files: FileStore, now = new Date()): Promise<number> {
  const stale = await db
    .delete(attachments)
    .where(and(isNull(attachments.ticketId), lt(attachments.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS))))
    .returning({ fileKey: attachments.fileKey });
  await files.remove(stale.map((s) => s.fileKey));
  return stale.length;
}
