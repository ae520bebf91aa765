// Attachments: the ids a new ticket or comment names, and a file as the ticket reads list it. The limits
// and refusals are in attachment-limits.ts.
import { z } from "zod";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "./attachment-limits.js";
import { quantity } from "./wire.js";

export * from "./attachment-limits.js";

/**
 * The files to attach to a new ticket or comment: ids of the caller's uploads (POST /api/attachments),
 * claimed in the write's transaction.
 */
export const attachmentIdsSchema = z
  .array(z.uuid(ATTACHMENT_REFUSALS.unknown))
  .max(ATTACHMENT_LIMITS.maxFiles, ATTACHMENT_REFUSALS.count)
  .optional();

/** A file on the ticket (commentId null) or on one of its comments; GET /api/attachments/{id} serves it. */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: quantity(),
  commentId: z.string().nullable(),
  inline: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
