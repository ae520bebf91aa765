// Attachments: which files are taken, how they are stored, and who may read them.
//
// A file's type is what its content is, found by file-type from its first bytes; the name the sender gave
// only decides between the text formats, which have no signature. Anything not on the list (programs,
// scripts, HTML, SVG) is refused, so nothing served from here can run in a browser, and every download
// goes out as an attachment with nosniff besides. A weak signature (an MP3 frame header) does not vouch
// for what follows it: a program or page right behind it is refused too (hidesProgramOrPage).
import { fileTypeFromBuffer } from "file-type";
import {
  and,
  attachments,
  columnsOf,
  eq,
  inArray,
  preparedQuery,
  sql,
  ticketComments,
  tickets,
  type DbExecutor,
} from "@repo/db";
import { v7 as uuidv7 } from "uuid";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS, type Attachment, attachmentSchema } from "@repo/validators";
import { datedKey, type FileStore } from "./store.js";
import type { Scope } from "../auth/scope.js";
import { ticketsInScope } from "../tickets/in-scope.js";

/** Types with a signature file-type recognises. */
const SIGNED_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/heic",
  "image/bmp",
  "image/tiff",
  "application/pdf",
  "application/zip",
  "application/x-7z-compressed",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/x-cfb", // .doc, .xls, .msg (Outlook)
  "audio/mpeg",
  "video/mp4",
  "video/quicktime",
]);

/** Text formats have no signature: these names, with content that is text. */
const TEXT_TYPES: Record<string, string> = {
  txt: "text/plain",
  log: "text/plain",
  csv: "text/csv",
  eml: "message/rfc822",
  json: "application/json",
  md: "text/plain",
  ini: "text/plain",
  conf: "text/plain",
  xml: "text/plain",
};

/** Images a browser shows in an <img> (the conversation previews these). */
export const PREVIEW_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export type FileCheck = { ok: true; contentType: string } | { ok: false; reason: string };

/** Whether a file may be attached, and its true type. */
export async function checkFile(filename: string, bytes: Buffer): Promise<FileCheck> {
  if (bytes.length === 0) return { ok: false, reason: ATTACHMENT_REFUSALS.empty };
  if (bytes.length > ATTACHMENT_LIMITS.maxFileBytes) return { ok: false, reason: ATTACHMENT_REFUSALS.size };
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    return SIGNED_TYPES.has(detected.mime) && !hidesProgramOrPage(bytes)
      ? { ok: true, contentType: detected.mime }
      : { ok: false, reason: ATTACHMENT_REFUSALS.type };
  }
  const extension = filename.toLowerCase().split(".").pop() ?? "";
  const textType = TEXT_TYPES[extension];
  if (textType && looksLikeText(bytes)) return { ok: true, contentType: textType };
  return { ok: false, reason: ATTACHMENT_REFUSALS.type };
}

/**
 * Some signatures are weak: two bytes of an MP3 frame header (or a UTF-16 byte-order mark, which reads as
 * one) make file-type say audio/mpeg whatever follows. So a file that sniffs as an allowed type is still
 * refused when a program's or a web page's signature starts just behind that prefix: a tool that looks
 * past the first bytes must not find something to run. Only the head is searched, where such a prefix
 * sits; the signatures are specific enough that real pictures, documents and audio do not carry them.
 */
const HIDDEN_SIGNATURE_WINDOW = 1024;

const PROGRAM_SIGNATURES = [
  "MZ\x90\x00", // a Windows program's DOS header, as compilers write it
  "\x7fELF",
  "\xfe\xed\xfa\xce", // Mach-O, 32 and 64 bit, either byte order
  "\xfe\xed\xfa\xcf",
  "\xce\xfa\xed\xfe",
  "\xcf\xfa\xed\xfe",
  "#!/",
].map((s) => Buffer.from(s, "latin1"));

const PAGE_TAGS = [
  "<!doctype html",
  "<html",
  "<head",
  "<body",
  "<script",
  "<iframe",
  "<svg",
  "<object",
  "<embed",
  "<?php",
];
/** The tags as bytes, lower case: in ASCII (UTF-8) and in UTF-16 of either byte order. */
const PAGE_SIGNATURES = PAGE_TAGS.flatMap((tag) => {
  const le = Buffer.from(tag, "utf16le");
  return [Buffer.from(tag, "latin1"), le, Buffer.from(le).swap16()];
});

function hidesProgramOrPage(bytes: Buffer): boolean {
  const head = bytes.subarray(0, HIDDEN_SIGNATURE_WINDOW);
  // ASCII letters folded to lower case, so "<HTML" is found as "<html"; other bytes unchanged.
  const folded = Buffer.from(head.map((b) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b)));
  for (let offset = 1; offset < head.length; offset++) {
    if (PROGRAM_SIGNATURES.some((sig) => head.subarray(offset, offset + sig.length).equals(sig))) return true;
    if (isPortableExecutable(head, offset)) return true;
    if (PAGE_SIGNATURES.some((sig) => folded.subarray(offset, offset + sig.length).equals(sig))) return true;
  }
  return false;
}

/** "MZ" whose header points at a "PE\0\0" signature: a Windows program however its stub begins. */
function isPortableExecutable(head: Buffer, offset: number): boolean {
  if (head[offset] !== 0x4d || head[offset + 1] !== 0x5a || offset + 0x40 > head.length) return false;
  const pe = offset + head.readUInt32LE(offset + 0x3c);
  return pe + 4 <= head.length && head.subarray(pe, pe + 4).equals(Buffer.from("PE\0\0", "latin1"));
}

/** Control bytes text may hold: tab, line feed, vertical tab, form feed, carriage return, escape. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);

/** No control byte but those of text (NUL above all) in the first 64 KB. */
function looksLikeText(bytes: Buffer): boolean {
  for (const byte of bytes.subarray(0, 65_536)) {
    if (byte < 0x20 && !TEXT_CONTROLS.has(byte)) return false;
  }
  return true;
}

/** A name safe to store and to put in a header: no path, no control characters, at most 200 characters. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== "\x7f" && c !== '"')
    .join("")
    .trim();
  return (clean || "file").slice(-200);
}

export interface NewAttachment {
  filename: string;
  bytes: Buffer;
  contentType: string;
  inline?: boolean;
}

/**
 * Stores checked files and their rows; pass the caller's transaction. Returns the keys written, which the
 * caller removes from the store should its transaction fail.
 */
export async function storeAttachments(
  tx: DbExecutor,
  files: FileStore,
  owner: { ticketId: string; commentId?: string | null; mailId?: string | null },
  list: readonly NewAttachment[],
  now = new Date(),
): Promise<string[]> {
  const keys: string[] = [];
  for (const file of list) {
    const id = uuidv7();
    const fileKey = datedKey("attachments", id, "bin", now);
    await files.put(fileKey, file.bytes);
    keys.push(fileKey);
    await tx.insert(attachments).values({
      id,
      ticketId: owner.ticketId,
      commentId: owner.commentId ?? null,
      mailId: owner.mailId ?? null,
      filename: safeFilename(file.filename),
      contentType: file.contentType,
      size: file.bytes.length,
      fileKey,
      inline: file.inline ?? false,
      createdAt: now,
    });
  }
  return keys;
}

/** A file as the ticket reads list it (the payload's shape, attachmentSchema). */
export type AttachmentSummary = Attachment;

/** A ticket's files, oldest first; `forClient` leaves out those of internal notes. */
const attachmentsOfTicket = preparedQuery("ticket_attachments", (db) =>
  db
    .select({ ...columnsOf(attachments, attachmentSchema.keyof().options), internal: ticketComments.internal })
    .from(attachments)
    .leftJoin(ticketComments, eq(attachments.commentId, ticketComments.id))
    .where(eq(attachments.ticketId, sql.placeholder("ticketId")))
    .orderBy(attachments.createdAt, attachments.id),
);

export async function ticketAttachments(
  db: DbExecutor,
  ticketId: string,
  { forClient }: { forClient: boolean },
): Promise<AttachmentSummary[]> {
  const rows = await attachmentsOfTicket(db, { ticketId });
  return rows.filter((r) => !(forClient && r.internal)).map(({ internal: _internal, ...rest }) => rest);
}

/** One file in `scope`: staff read any; a company scope only its company's, never an internal note's. */
export async function readableAttachment(
  db: DbExecutor,
  scope: Scope,
  id: string,
): Promise<{ filename: string; contentType: string; fileKey: string } | null> {
  const [row] = await db
    .select({
      filename: attachments.filename,
      contentType: attachments.contentType,
      fileKey: attachments.fileKey,
      clientId: tickets.clientId,
      internal: ticketComments.internal,
    })
    .from(attachments)
    .innerJoin(tickets, eq(attachments.ticketId, tickets.id))
    .leftJoin(ticketComments, eq(attachments.commentId, ticketComments.id))
    .where(and(eq(attachments.id, id), ticketsInScope(scope)));
  if (!row || (scope.kind === "company" && row.internal)) return null;
  return { filename: row.filename, contentType: row.contentType, fileKey: row.fileKey };
}

/** The file keys of a ticket's attachments (removed from the store once the ticket is deleted). */
export async function attachmentKeys(db: DbExecutor, ticketIds: readonly string[]): Promise<string[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .select({ fileKey: attachments.fileKey })
    .from(attachments)
    .where(inArray(attachments.ticketId, [...ticketIds]));
  return rows.map((r) => r.fileKey);
}

/**
 * The files of `ids` as a mail carries them, in the order given. A file deleted since (its ticket was
 * deleted) is left out: the mail still goes.
 */
/** Documents the product made for a mail (outbox.documents), read from the store; one gone is left out. */
export async function documentContents(
  files: FileStore,
  documents: readonly { fileKey: string; filename: string; contentType: string }[],
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  const contents = [];
  for (const document of documents) {
    const content = await files.get(document.fileKey);
    if (content) contents.push({ filename: document.filename, contentType: document.contentType, content });
  }
  return contents;
}

export async function attachmentContents(
  db: DbExecutor,
  files: FileStore,
  ids: readonly string[],
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: attachments.id,
      filename: attachments.filename,
      contentType: attachments.contentType,
      fileKey: attachments.fileKey,
    })
    .from(attachments)
    .where(inArray(attachments.id, [...ids]));
  const contents = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    const content = row ? await files.get(row.fileKey) : null;
    if (row && content) contents.push({ filename: row.filename, contentType: row.contentType, content });
  }
  return contents;
}
