// POST /api/attachments: one file, as the form field "file", uploaded the moment it is picked. The answer
// is its id, which the create or comment then names in `attachments` (files/uploads.ts). Visitors of the
// public form may upload too, under a per-address limit; a read-only viewer may not. The multipart body is
// parsed as it arrives (busboy) and the file part streamed to the store, so a 30 MB file never sits
// whole in the server's memory, whichever the store (docs/decisions/0052-files-on-s3.md).
import { Readable } from "node:stream";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators";
import busboy from "busboy";
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

export const ONE_FILE = 'Send one file in the form field "file"';

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
  const body = c.req.raw.body;
  if (!type.startsWith("multipart/form-data") || !body) throw new InvalidError(ONE_FILE);
  const uploadedBy = ctx.user?.id ?? null;
  const upload = await fileOfForm(type, body, (filename, stream) =>
    stageUpload(ctx, { filename, body: stream, uploadedBy }),
  );
  return c.json(upload, 201);
}

/**
 * Parses a multipart body and hands its part "file" to `stage` as a stream, while the body arrives;
 * other parts are read and dropped. A form without that part, or one busboy cannot read, is refused.
 */
export function fileOfForm<T>(
  contentType: string,
  body: ReadableStream<Uint8Array>,
  stage: (filename: string, stream: Readable) => Promise<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1 } });
    } catch {
      reject(new InvalidError(ONE_FILE)); // a multipart type without a boundary
      return;
    }
    let staged: Promise<T> | null = null;
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || staged) {
        stream.resume();
        return;
      }
      staged = stage(info.filename ?? "", stream);
      // Settled here so that a refusal is answered once the body has been read (stageUpload drains it).
      staged.then(resolve, reject);
    });
    parser.on("close", () => {
      if (!staged) reject(new InvalidError(ONE_FILE));
    });
    parser.on("error", (error) => reject(staged ? error : new InvalidError(ONE_FILE)));
    Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>)
      .on("error", (error) => parser.destroy(error))
      .pipe(parser);
  });
}
