// A ticket's comments: what staff and clients send, the comment as each of them reads it, and its pages.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { ticketSourceSchema } from "./enums.js";
import { attachmentIdsSchema } from "./attachments.js";
import { idText, required } from "./fields.js";
import { optionalPageParams, pageParams, pageSchema } from "./paging.js";
import { isoTimestamp, quantity } from "./wire.js";

export const commentCreateInputSchema = z.object({
  content: required("Comment is required", MAX_LENGTHS.comment),
  /** Staff only: an internal note never reaches a client. */
  internal: z.boolean().default(false),
  attachments: attachmentIdsSchema,
});
export type CommentCreateInput = z.infer<typeof commentCreateInputSchema>;

/** A page of a ticket's comments: more than most tickets ever have, so most show in one. */
export const COMMENT_PAGE_SIZE = 50;

/** GET /api/tickets/{id}/comments: every comment, or with `cursor` and `limit` those after the cursor. */
export const commentListQuerySchema = z.object({ id: idText(), ...optionalPageParams });
/** GET /api/tickets/{id}/comments/page and /api/client/tickets/{id}/comments/page. */
export const commentPageQuerySchema = z.object({ id: idText(), ...pageParams(COMMENT_PAGE_SIZE) });

export const staffCommentSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  /** Where it was written: client (portal), staff, email. */
  source: ticketSourceSchema,
  content: z.string(),
  internal: z.boolean(),
  /** The mail it came from (GET /api/mail/inbound/{mailId} is the original), null otherwise. */
  mailId: z.string().nullable(),
  createdAt: isoTimestamp(),
});
export type StaffComment = z.infer<typeof staffCommentSchema>;

/** What a client sees of a comment: who wrote what, and when; nothing staff-only. */
export const clientCommentSchema = staffCommentSchema.pick({
  id: true,
  authorName: true,
  content: true,
  createdAt: true,
});
export type ClientComment = z.infer<typeof clientCommentSchema>;

/** A page of a ticket's comments: the comments, the next page's cursor, and how many there are in all. */
const commentPageOf = <T extends z.ZodType>(comment: T) =>
  pageSchema("comments", comment).extend({ total: quantity() });
export const staffCommentPageSchema = commentPageOf(staffCommentSchema);
export const clientCommentPageSchema = commentPageOf(clientCommentSchema);
export type StaffCommentPage = z.infer<typeof staffCommentPageSchema>;
export type ClientCommentPage = z.infer<typeof clientCommentPageSchema>;
