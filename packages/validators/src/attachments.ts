// The attachment ids a new ticket or comment names; the limits and refusals are in attachment-limits.ts.
import { z } from "zod";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "./attachment-limits.js";

export * from "./attachment-limits.js";

/**
 * The files to attach to a new ticket or comment: ids of the caller's uploads (POST /api/attachments),
 * claimed in the write's transaction.
 */
export const attachmentIdsSchema = z
  .array(z.uuid(ATTACHMENT_REFUSALS.unknown))
  .max(ATTACHMENT_LIMITS.maxFiles, ATTACHMENT_REFUSALS.count)
  .optional();
