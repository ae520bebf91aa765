// GET /api/attachments/{id}: one attached file. Staff read any; a client only one of its company's
// tickets and never one of an internal note, and anything else is "not found" (a client learns nothing
// of other companies' files). Always a download with nosniff: no file is ever rendered as a page of ours;
// an <img> still shows the images (the conversation's previews).
import { isUuid } from "@repo/db";
import { requireUser } from "../auth/access.js";
import { NotFoundError } from "../errors.js";
import { readableAttachment } from "../files/attachments.js";
import { type AppContext, fileDownload } from "./http.js";

export async function attachmentDownloadHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  requireUser(ctx.user);
  const id = c.req.param("id") ?? "";
  // No scope: a CLIENT account without a company, which reads no company's files.
  const file = ctx.scope && isUuid(id) ? await readableAttachment(ctx.db, ctx.scope, id) : null;
  // The rules above decide before a byte is read; the file then streams from the store (disk or bucket).
  const stored = file ? await ctx.files.getStream(file.fileKey) : null;
  if (!file || !stored) throw NotFoundError.of("Attachment");
  return fileDownload(stored, file.contentType, file.filename);
}
