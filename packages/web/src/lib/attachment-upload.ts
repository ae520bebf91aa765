// POST /api/attachments (docs/architecture.md, "Attachments"): one file, uploaded the moment it is picked,
// so that a form's submit only names the ids. The public form uploads as a visitor (no session, as its
// ticket is sent); the portals upload as the signed-in person, whose create or comment then claims them.
//
// Light on purpose: the public ticket form's island loads this on a prerendered page, so nothing here may
// pull in zod or the tRPC client (the session's headers are read from ./trpc only when a portal uploads).
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators/labels";
import { HttpError, bodyText } from "./public-api";

export const UPLOAD_URL = "/api/attachments";

export interface UploadedFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** Who uploads: a visitor of the public form, or the person signed in to a portal. */
export type Uploader = "visitor" | "session";

/** The refusal the browser can give before sending anything, or null. The server checks again, by content. */
export function refusalBeforeUpload(file: File): string | null {
  if (file.size === 0) return ATTACHMENT_REFUSALS.empty;
  if (file.size > ATTACHMENT_LIMITS.maxFileBytes) return ATTACHMENT_REFUSALS.size;
  return null;
}

export function uploadAttachment(file: File, uploader: Uploader): Promise<UploadedFile> {
  return uploadFileTo(UPLOAD_URL, file, uploader);
}

/** One file as the form field "file" to `url` (attachments, an article's images); the server's refusal thrown. */
export async function uploadFileTo<T = UploadedFile>(url: string, file: File, uploader: Uploader): Promise<T> {
  const body = new FormData();
  body.append("file", file, file.name);
  const response = await fetch(url, {
    method: "POST",
    body,
    // A visitor's upload must carry no session, as the ticket that claims it carries none (public-api.ts).
    ...(uploader === "visitor" ? { credentials: "omit" as const } : await sessionCredentials()),
  });
  if (!response.ok) {
    const text = bodyText(await response.text().catch(() => ""));
    throw new HttpError(response.status, text || "The file could not be uploaded. Please try again.");
  }
  return (await response.json()) as T;
}

/** The signed-in person's headers and cookie mode, from the module a portal has loaded already. */
async function sessionCredentials(): Promise<RequestInit> {
  const { authHeaders, credentialsMode } = await import("./trpc");
  return { headers: authHeaders(), credentials: credentialsMode() };
}
