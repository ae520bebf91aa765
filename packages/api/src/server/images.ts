// Images uploaded by editors to be shown on our pages: an article's (knowledge/images.ts; docs/features.md
// §17) and the site's logos (site-content/images.ts; §20). Both are uploaded alike, one image as the form
// field "file" (multipart, streamed as ticket attachments are: server/attachment-upload.ts), by an editor
// (ADMIN or AGENT). Plain routes, so an API key is refused here (decision 0045), a company-bound one
// included, as the editors' procedures refuse it. Both are shown inline (an <img> on our pages) but never
// as a page of ours: the type found in its content, nosniff, and a policy that lets nothing in it run.
//   POST /api/knowledge/editor/articles/{id}/images  GET /api/knowledge/images/{id}: for the article's readers
//   POST /api/site-content/images                    GET /api/site/images/{id}: for anyone, cached for good
import { ARTICLE_IMAGE_LIMITS, ARTICLE_IMAGE_REFUSALS, SITE_IMAGE_LIMITS, SITE_IMAGE_REFUSALS } from "@repo/validators";
import { bodyLimit } from "hono/body-limit";
import type { Readable } from "node:stream";
import type { StaffScope } from "../auth/scope.js";
import type { Context } from "../context.js";
import { requireStaff, requireUser, requireWriter } from "../auth/access.js";
import { UPLOAD_LIMITS, hit, retryAfterSeconds } from "../auth/rate-limit.js";
import { ForbiddenError, InvalidError, TooLargeError, TooManyRequestsError } from "../errors.js";
import type { StoredStream } from "../files/store.js";
import { addArticleImage, imageNotFound, readableImage } from "../knowledge/images.js";
import { visitor } from "../knowledge/readers.js";
import { addSiteImage, siteImage, siteImageNotFound } from "../site-content/images.js";
import { fileOfForm, ONE_FILE } from "./attachment-upload.js";
import { type AppContext, errorResponse, storedFileResponse } from "./http.js";

/** An image at the limit, with room for the multipart framing around it. */
const imageBodyLimitOf = (maxBytes: number, tooLarge: string) =>
  bodyLimit({ maxSize: maxBytes + 64 * 1024, onError: () => errorResponse(new TooLargeError(tooLarge)) });

export const articleImageBodyLimit = imageBodyLimitOf(ARTICLE_IMAGE_LIMITS.maxBytes, ARTICLE_IMAGE_REFUSALS.size);
export const siteImageBodyLimit = imageBodyLimitOf(SITE_IMAGE_LIMITS.maxBytes, SITE_IMAGE_REFUSALS.size);

/** The editor's one uploaded file, handed to `store` once the caller may upload it. */
async function uploadedImage<T>(
  c: AppContext,
  store: (ctx: Context, editor: StaffScope, file: ImageFile) => Promise<T>,
): Promise<T> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  requireStaff(user);
  requireWriter(user);
  // A staff session always has the staff scope; the check narrows the type for the store.
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
  return fileOfForm(type, body, (filename, stream) => store(ctx, editor, { filename, body: stream }));
}
type ImageFile = { filename: string; body: Readable };

/**
 * Nothing in an image runs: no script, no plugin, no frame, even opened on its own; the sandbox makes a
 * document of it an opaque origin should a browser ever render one.
 */
const IMAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const imageResponse = (
  stored: StoredStream,
  image: { contentType: string; filename: string },
  cache: string,
  crossOrigin: "same-origin" | "cross-origin",
) =>
  storedFileResponse(stored, {
    contentType: image.contentType,
    filename: image.filename,
    disposition: "inline",
    cache,
    headers: { "Content-Security-Policy": IMAGE_POLICY, "Cross-Origin-Resource-Policy": crossOrigin },
  });

export async function articleImageUploadHandler(c: AppContext): Promise<Response> {
  const image = await uploadedImage(c, (ctx, editor, file) =>
    addArticleImage(ctx, editor, c.req.param("id") ?? "", file),
  );
  return c.json(image, 201);
}

export async function articleImageHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const image = await readableImage(ctx.db, ctx.scope ?? visitor, c.req.param("id") ?? "");
  // The rules above decide before a byte is read; the file then streams from the store (disk or bucket).
  const stored = image ? await ctx.files.getStream(image.fileKey) : null;
  if (!image || !stored) throw imageNotFound();
  // An image's bytes never change under its id, but its article's readers may: a public article's image
  // may sit in any cache for five minutes, any other in the reader's browser only, as long.
  return imageResponse(stored, image, image.public ? "public, max-age=300" : "private, max-age=300", "same-origin");
}

export async function siteImageUploadHandler(c: AppContext): Promise<Response> {
  return c.json(await uploadedImage(c, addSiteImage), 201);
}

export async function siteImageHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const image = await siteImage(ctx.db, c.req.param("id") ?? "");
  const stored = image ? await ctx.files.getStream(image.fileKey) : null;
  if (!image || !stored) throw siteImageNotFound();
  // Public, and never changed under its id (a new upload gets a new one): cached anywhere for a year. A
  // logo may be shown off our origin too (a mail read in a webmail), so other origins may embed it.
  return imageResponse(stored, image, "public, max-age=31536000, immutable", "cross-origin");
}
