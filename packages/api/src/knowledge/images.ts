// Images in articles (issue 41, "images as attachments"; docs/features.md §17). An editor uploads an image
// for one article; its text links it as /api/knowledge/images/<id>. An image is read under its article's
// visibility (readableBy, in the query), not the tickets' rules: what the reader may not read is "not
// found", so an image's id tells nothing of the article it belongs to.
import { and, articleImages, articles, eq, isUuid, type DbExecutor } from "@repo/db";
import { ARTICLE_IMAGE_LIMITS, ARTICLE_IMAGE_REFUSALS, articleImagePath } from "@repo/validators";
import type { Readable } from "node:stream";
import type { StaffScope } from "../auth/scope.js";
import { NotFoundError } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { imageUploadRules, storeUpload } from "../files/uploads.js";
import { articleNotFound } from "./articles.js";
import { readableBy, type ArticleReader } from "./readers.js";

const IMAGE_RULES = imageUploadRules(
  ARTICLE_IMAGE_LIMITS.types,
  { maxBytes: ARTICLE_IMAGE_LIMITS.maxBytes, folder: "article-images" },
  ARTICLE_IMAGE_REFUSALS,
);

export interface ArticleImage {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** Where it is served, the address its Markdown links. */
  url: string;
}

/**
 * Stores an image for article `articleId` (any state: drafts get pictures too). Refused, with nothing
 * stored: an unknown article (404), a file that is not a PNG, JPEG, GIF or WebP image (400), one over
 * the limit (413). Who may upload is the route's rule (editors: ADMIN and AGENT).
 */
export async function addArticleImage(
  { db, files }: { db: DbExecutor; files: FileStore },
  editor: StaffScope,
  articleId: string,
  file: { filename: string; body: Readable },
  now = new Date(),
): Promise<ArticleImage> {
  const [article] = isUuid(articleId)
    ? await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId))
    : [];
  if (!article) {
    file.body.resume();
    throw articleNotFound();
  }
  const { fileKey: _fileKey, ...stored } = await storeUpload(files, file, IMAGE_RULES, now, async (image) => {
    await db.insert(articleImages).values({ ...image, articleId, uploadedBy: editor.userId, createdAt: now });
  });
  return { ...stored, url: articleImagePath(stored.id) };
}

export interface ReadableImage {
  filename: string;
  contentType: string;
  fileKey: string;
  /** Whether everyone may read it (a published public article): the answer may then be cached by anyone. */
  public: boolean;
}

/** Image `id` if `reader` may read its article (readableBy in the query); null otherwise. */
export async function readableImage(db: DbExecutor, reader: ArticleReader, id: string): Promise<ReadableImage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      filename: articleImages.filename,
      contentType: articleImages.contentType,
      fileKey: articleImages.fileKey,
      visibility: articles.visibility,
      status: articles.status,
    })
    .from(articleImages)
    .innerJoin(articles, eq(articleImages.articleId, articles.id))
    .where(and(eq(articleImages.id, id), readableBy(reader)));
  if (!row) return null;
  const { visibility, status, ...image } = row;
  return { ...image, public: visibility === "public" && status === "published" };
}

export const imageNotFound = () => NotFoundError.of("Image");
