import { boolean, index, integer, pgTable } from "drizzle-orm/pg-core";
import { belongsToIfAny, createdAt, id, refersTo, requiredText } from "./_columns.js";
import { inboundMails } from "./inbound-mails.js";
import { ticketComments, tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * A file attached to a ticket (commentId null: to the ticket itself) or to one of its comments. An upload
 * not yet attached has no ticket: it waits for the create or comment that claims it (by id, in that
 * write's transaction) and is purged after a day (packages/api/src/files/uploads.ts). The bytes
 * live in the file store under `fileKey`; deleting the ticket or comment deletes the row, and the ticket
 * service removes the files (packages/api/src/tickets/service.ts). A client may read only the files of
 * its company's tickets and never those of an internal note.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    ticketId: belongsToIfAny(tickets.id),
    commentId: belongsToIfAny(ticketComments.id),
    /** Who uploaded it (null: a visitor on the public form); only they may attach it. */
    uploadedBy: refersTo(users.id),
    /** The mail it came with, when it came by mail. */
    mailId: refersTo(inboundMails.id),
    filename: requiredText(),
    /** The type found in the content (never the sender's claim), served as Content-Type. */
    contentType: requiredText(),
    size: integer().notNull(),
    fileKey: requiredText(),
    /** An image shown inside a mail's body (Content-ID), not attached by hand. */
    inline: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ticketId), index().on(t.commentId)],
);
