// POST /api/attachments: one file, as the form field "file", uploaded the moment it is picked. The answer
// is its id, which the create or comment then names in `attachments` (files/uploads.ts). Visitors of the
// public form may upload too, under a per-address limit; a read-only viewer may not.
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators";
import { bodyLimit } from "hono/body-limit";
import { requireWriter } from "../auth/access.js";
import { UPLOAD_LIMITS, hit, retryAfterSeconds } from "../auth/rate-limit.js";
import { InvalidError, TooLargeError, TooManyRequestsError } from "../errors.js";
import { stageUpload } from "../files/uploads.js";
import { type AppContext, errorResponse } from "./http.js";

/** A file at the limit, with room for the multipart framing around it. */
export const uploadBodyLimit = bodyLimit({
  maxSize: ATTACHMENT_LIMITS.maxFileBytes + 64 * 1024,
  onError: () => errorResponse(new TooLargeError(ATTACHMENT_REFUSALS.size)),
});

export async function attachmentUploadHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  if (ctx.user) requireWriter(ctx.user);
  const [key, limit] = ctx.user
    ? [`upload:user:${ctx.user.id}`, UPLOAD_LIMITS.user]
    : [`upload:ip:${ctx.ip}`, UPLOAD_LIMITS.visitor];
  const state = await hit(ctx.db, key, limit);
  if (state.count > limit.max) {
    throw new TooManyRequestsError("Too many files uploaded. Please try again later.", retryAfterSeconds(state));
  }
  const type = c.req.header("content-type") ?? "";
  const file = type.startsWith("multipart/form-data") ? (await c.req.formData()).get("file") : null;
  if (!file || typeof file === "string") throw new InvalidError('Send one file in the form field "file"');
  const bytes = Buffer.from(await file.arrayBuffer());
  const upload = await stageUpload(ctx, { filename: file.name, bytes, uploadedBy: ctx.user?.id ?? null });
  return c.json(upload, 201);
}
