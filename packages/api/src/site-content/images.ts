// The site's images (docs/features.md §20): the logos an editor uploads in the Website screen. Unlike an
// article's image, a site image is public the moment it is stored (a logo is shown to everyone once
// published, and a draft's preview shows it before), and it never changes under its id: a new upload gets a
// new one, so any cache may keep it for good.
import { eq, isUuid, siteImages, type DbExecutor } from "@repo/db";
import { SITE_IMAGE_LIMITS, SITE_IMAGE_REFUSALS, siteImagePath } from "@repo/validators";
import type { Readable } from "node:stream";
import type { StaffScope } from "../auth/scope.js";
import { NotFoundError } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { imageUploadRules, storeUpload } from "../files/uploads.js";

const SITE_IMAGE_RULES = imageUploadRules(
  SITE_IMAGE_LIMITS.types,
  { maxBytes: SITE_IMAGE_LIMITS.maxBytes, folder: "site-images" },
  SITE_IMAGE_REFUSALS,
);

/**
 * Stores an image for the site and answers the address a document names it by. Refused, with nothing
 * stored: a file that is not a PNG, JPEG or WebP image by its content (400), one over 1 MB (413). Who may
 * upload is the route's rule (editors: ADMIN and AGENT).
 */
export async function addSiteImage(
  { db, files }: { db: DbExecutor; files: FileStore },
  editor: StaffScope,
  file: { filename: string; body: Readable },
  now = new Date(),
): Promise<{ url: string }> {
  const stored = await storeUpload(files, file, SITE_IMAGE_RULES, now, async ({ fileKey, ...image }) => {
    await db.insert(siteImages).values({ ...image, fileKey, uploadedBy: editor.userId, createdAt: now });
  });
  return { url: siteImagePath(stored.id) };
}

/** Site image `id`, or null when there is none. */
export async function siteImage(db: DbExecutor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ filename: siteImages.filename, contentType: siteImages.contentType, fileKey: siteImages.fileKey })
    .from(siteImages)
    .where(eq(siteImages.id, id));
  return row ?? null;
}

export const siteImageNotFound = () => NotFoundError.of("Image");
