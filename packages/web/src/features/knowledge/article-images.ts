// An article's images (docs/features.md §17): uploaded to the saved article the moment they are picked,
// pasted or dropped, then linked from its Markdown at the caret. The server checks the type by content and
// the size again; the checks here only spare a person the wait for a refusal.
import { ARTICLE_IMAGE_LIMITS, ARTICLE_IMAGE_REFUSALS } from "@repo/validators";
import { uploadFileTo } from "../../lib/attachment-upload";
import { HttpError } from "../../lib/public-api";

export interface ArticleImage {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** Where it is served: /api/knowledge/images/<id>. */
  url: string;
}

const IMAGE_TYPES: readonly string[] = ARTICLE_IMAGE_LIMITS.types;

/** The refusal the browser can give before sending anything, or null. */
export function imageRefusal(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return ARTICLE_IMAGE_REFUSALS.type;
  if (file.size > ARTICLE_IMAGE_LIMITS.maxBytes) return ARTICLE_IMAGE_REFUSALS.size;
  return null;
}

export const uploadArticleImage = (articleId: string, file: File): Promise<ArticleImage> =>
  uploadFileTo<ArticleImage>(`/api/knowledge/editor/articles/${articleId}/images`, file, "session");

/** The Markdown that shows an image: its name as the alt text, without the brackets that would end it. */
export const imageMarkdown = (image: ArticleImage): string =>
  `![${image.filename.replace(/[[\]\\]/g, "").trim() || "image"}](${image.url})`;

/** What to tell the person when an upload failed: the server's reason, else a plain sentence. */
export const uploadFailure = (error: unknown): string =>
  error instanceof HttpError ? error.message : "The image could not be uploaded. Please try again.";

/** The images among a paste's or a drop's files. */
export const imagesOf = (files: FileList | null | undefined): File[] =>
  [...(files ?? [])].filter((file) => file.type.startsWith("image/"));
