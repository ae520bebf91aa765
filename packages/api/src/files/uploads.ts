// Uploads: a file picked in a form is uploaded at once (POST /api/attachments) and waits, without a
// ticket, until the create or comment that names its id claims it in that write's transaction. So the
// JSON payloads of the REST API stay JSON, a large file travels while the person is still typing, and a
// write whose files are not all there changes nothing. Uploads nobody claims are purged after a day.
import { and, attachments, eq, inArray, isNull, lt, type Database, type DbExecutor } from "@repo/db";
import { Readable } from "node:stream";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators";
import { v7 as uuidv7 } from "uuid";
import { InvalidError, TooLargeError } from "../errors.js";
import { checkFile, type FileCheck, safeFilename } from "./attachments.js";
import { datedKey, type FileStore } from "./store.js";

/** How long an upload waits to be attached before it is purged. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;

export interface Upload {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * How much of a file's beginning is read before a byte is stored: the checks look at its head only
 * (file-type's signatures, the hidden-program window, the text check's 64 KB), and a zip-based document
 * names its type in an early entry. The rest streams to the store, counted against the size limit.
 */
export const HEAD_BYTES = 1024 * 1024;

/** What a kind of upload takes: the check of a file's head, the size limit and its refusal, its folder. */
export interface UploadRules {
  check(filename: string, head: Buffer): Promise<FileCheck>;
  maxBytes: number;
  tooLarge: string;
  folder: string;
}

/**
 * Pictures a browser shows (article images, the site's logos): by their content, with the attachments'
 * check, which finds the true type and refuses a program or page hidden behind a signature, and of the
 * `types` given only. Any other file is refused with `refusals.type`, one too large with `refusals.size`.
 */
export function imageUploadRules(
  types: readonly string[],
  limits: { maxBytes: number; folder: string },
  refusals: { type: string; size: string },
): UploadRules {
  const allowed: ReadonlySet<string> = new Set(types);
  return {
    async check(filename, head) {
      const check = await checkFile(filename, head);
      const image = check.ok ? allowed.has(check.contentType) : check.reason !== ATTACHMENT_REFUSALS.type;
      return image ? check : { ok: false, reason: refusals.type };
    },
    maxBytes: limits.maxBytes,
    tooLarge: refusals.size,
    folder: limits.folder,
  };
}

/** A file stored by storeUpload, before its row is written. */
export interface StoredUpload extends Upload {
  fileKey: string;
}

/** Ticket attachments: any type checkFile takes, up to ATTACHMENT_LIMITS.maxFileBytes. */
const ATTACHMENT_RULES: UploadRules = {
  check: checkFile,
  maxBytes: ATTACHMENT_LIMITS.maxFileBytes,
  tooLarge: ATTACHMENT_REFUSALS.size,
  folder: "attachments",
};

/**
 * Checks and stores one uploaded file for `uploadedBy` (null: a visitor on the public form), streamed:
 * the head is read and checked first, then head and rest go to the store while their bytes are counted,
 * so a file over the limit fails on its first byte too many and nothing of it stays. What the sender still
 * sends after a refusal is read and dropped, so it gets the answer rather than a reset connection.
 */
export async function stageUpload(
  { db, files }: { db: DbExecutor; files: FileStore },
  file: { filename: string; body: Readable; uploadedBy: string | null },
  now = new Date(),
): Promise<Upload> {
  const { fileKey, ...upload } = await storeUpload(files, file, ATTACHMENT_RULES, now, async (stored) => {
    await db.insert(attachments).values({ ...stored, uploadedBy: file.uploadedBy, createdAt: now });
  });
  return upload;
}

/**
 * The streaming part of an upload, whatever it is for (ticket attachments, article images): checks the
 * head against `rules`, stores head and rest under a new key counted against the limit, then has `record`
 * write its row; a refusal or a failed `record` leaves nothing in the store. The body is always drained.
 */
export async function storeUpload(
  files: FileStore,
  file: { filename: string; body: Readable },
  rules: UploadRules,
  now: Date,
  record: (stored: StoredUpload) => Promise<void>,
): Promise<StoredUpload> {
  const source = file.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const refuse = (reason: string) => (reason === rules.tooLarge ? new TooLargeError(reason) : new InvalidError(reason));
  try {
    const head = await readHead(source);
    const check = await rules.check(file.filename, head.bytes);
    if (!check.ok) throw refuse(check.reason);
    const id = uuidv7();
    const fileKey = datedKey(rules.folder, id, "bin", now);
    const { size } = await files.putStream(
      fileKey,
      limitedBody(head, source, rules.maxBytes, () => refuse(rules.tooLarge)),
    );
    const stored = { id, filename: safeFilename(file.filename), contentType: check.contentType, size, fileKey };
    try {
      await record(stored);
    } catch (error) {
      await files.remove([fileKey]);
      throw error;
    }
    return stored;
  } finally {
    await drain(source);
  }
}

/** The first HEAD_BYTES of a body (less when it is shorter), and the part of the last chunk read past it. */
async function readHead(source: AsyncIterator<Buffer>): Promise<{ bytes: Buffer; overflow: Buffer }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const all = Buffer.concat(chunks);
  return { bytes: all.subarray(0, HEAD_BYTES), overflow: all.subarray(HEAD_BYTES) };
}

/**
 * The whole body again (the head, then the rest of `source`), failing with the size refusal past the
 * limit. It pulls from `source` by hand rather than with for-await, so that the store stopping early
 * (on that failure) leaves the request's stream to drain() instead of destroying it.
 */
function limitedBody(
  head: { bytes: Buffer; overflow: Buffer },
  source: AsyncIterator<Buffer>,
  maxBytes: number,
  tooLarge: () => Error,
): Readable {
  return Readable.from(
    (async function* () {
      let size = head.bytes.length + head.overflow.length;
      if (size > maxBytes) throw tooLarge();
      yield head.bytes;
      if (head.overflow.length > 0) yield head.overflow;
      for (let next = await source.next(); !next.done; next = await source.next()) {
        size += next.value.length;
        if (size > maxBytes) throw tooLarge();
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
}

/** Reads what is left of a body and drops it; a body that broke off meanwhile has nothing left. */
async function drain(source: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await source.next()).done);
  } catch {
    // The sender went away: nothing to read.
  }
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
