// Attachments: the limits both sides hold to and the refusals people read. The server checks each file's
// type by its content (packages/api/src/files/attachments.ts); the web app checks the size before it
// uploads, so nobody waits for 32 MB to travel only to be told no. Zod-free: the public ticket form's
// file picker reads these on a prerendered page (`@repo/validators/labels`).

export const ATTACHMENT_LIMITS = {
  /** One file; a 30 MB log or scan must fit. */
  maxFileBytes: 32 * 1024 * 1024,
  /** Files on one ticket or comment. */
  maxFiles: 10,
};

export const ATTACHMENT_REFUSALS = {
  type: "This type of file is not allowed",
  size: "The file is larger than 32 MB",
  empty: "The file is empty",
  count: "At most 10 files can be attached",
  /** An id in `attachments` that is not an upload of the caller's still waiting to be attached. */
  unknown: "An attached file was not found. Please attach it again.",
};

/** What the file picker offers; a hint only: the server decides by content. */
export const ATTACHMENT_ACCEPT =
  "image/png,image/jpeg,image/gif,image/webp,image/heic,image/bmp,image/tiff,.pdf,.zip,.7z,.docx,.xlsx,.pptx," +
  ".odt,.ods,.doc,.xls,.msg,.mp3,.mp4,.mov,.txt,.log,.csv,.eml,.json,.md,.ini,.conf,.xml";
