// Images in knowledge-base articles (knowledge/images.ts; docs/features.md §17).
// POST /api/knowledge/editor/articles/{id}/images: one image, as the form field "file" (multipart, streamed
// as ticket attachments are: server/attachment-upload.ts), by an editor (ADMIN or AGENT). A plain route,
// so an API key is refused here (decision 0045), a company-bound one included, as the editor's procedures
// refuse it. GET /api/knowledge/images/{id}: the image, for whoever may read its article; anything else
// is 404. Shown inline (an <img> on our pages) but never as a page of ours: the type found in its content,
// nosniff, and a policy that lets nothing in it run.
import { ARTICLE_IMAGE_LIMITS, ARTICLE_IMAGE_REFUSALS } from "@repo/validators";
import { bodyLimit } from "hono/body-limit";
import { requireStaff, requireUser, requireWriter } from "../auth/access.js";
import { UPLOAD_LIMITS, hit, retryAfterSeconds } from "../auth/rate-limit.js";
import { ForbiddenError, InvalidError, TooLargeError, TooManyRequestsError } from "../errors.js";
import { addArticleImage, imageNotFound, readableImage } from "../knowledge/images.js";
import { visitor } from "../knowledge/readers.js";
import { fileOfForm, ONE_FILE } from "./attachment-upload.js";
import { type AppContext, errorResponse, storedFileResponse } from "./http.js";

/** An image at the limit, with room for the multipart framing around it. */
export const imageBodyLimit = bodyLimit({
  maxSize: ARTICLE_IMAGE_LIMITS.maxBytes + 64 * 1024,
  onError: () => errorResponse(new TooLargeError(ARTICLE_IMAGE_REFUSALS.size)),
});

export async function articleImageUploadHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  requireStaff(user);
  requireWriter(user);
  // A staff session always has the staff scope; the check narrows the type for addArticleImage.
  if (ctx.scope?.kind !== "staff") throw new ForbiddenError("Staff access only");
  // The attachments' window: one count of files per person, whatever they are uploaded for.
  const state = await hit(ctx.db, `upload:user:${user.id}`, UPLOAD_LIMITS.user);
  if (state.count > UPLOAD_LIMITS.user.max) {
    throw new TooManyRequestsError("Too many files uploaded. Please try again later.", retryAfterSeconds(state));
  }
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (!type.startsWith("multipart/form-data") || !body) throw new InvalidError(ONE_FILE);
  const editor = ctx.scope;
  const image = await fileOfForm(type, body, (filename, stream) =>
    addArticleImage(ctx, editor, c.req.param("id") ?? "", { filename, body: stream }),
  );
  return c.json(image, 201);
}

/**
 * Nothing in an image runs: no script, no plugin, no frame, even opened on its own; the sandbox makes a
 * document of it an opaque origin should a browser ever render one.
 */
const IMAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function articleImageHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const image = await readableImage(ctx.db, ctx.scope ?? visitor, c.req.param("id") ?? "");
  // The rules above decide before a byte is read; the file then streams from the store (disk or bucket).
  const stored = image ? await ctx.files.getStream(image.fileKey) : null;
  if (!image || !stored) throw imageNotFound();
  return storedFileResponse(stored, {
    contentType: image.contentType,
    filename: image.filename,
    disposition: "inline",
    // An image's bytes never change under its id, but its article's readers may: a public article's image
    // may sit in any cache for five minutes, any other in the reader's browser only, as long.
    cache: image.public ? "public, max-age=300" : "private, max-age=300",
    headers: { "Content-Security-Policy": IMAGE_POLICY, "Cross-Origin-Resource-Policy": "same-origin" },
  });
}
