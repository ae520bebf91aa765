import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { belongsToIfAny, createdAt, id, refersTo, requiredText } from "./_columns.js";
import { inboundOutcomeEnum } from "./enums.js";
import { enquiries } from "./enquiries.js";
import { ticketComments, tickets } from "./tickets.js";

/**
 * Every mail that reached the support address, with what it became. The unique Message-ID is the claim:
 * the row commits in the transaction that writes the ticket or comment, so a mail fetched twice (two
 * server instances, a retry after a crash) is written once. The original is kept in the file store
 * (packages/api/src/files) under `fileKey`, for staff to open.
 */
export const inboundMails = pgTable(
  "inbound_mails",
  {
    id: id(),
    /** The mail's Message-ID, or a digest of the raw message when it has none. */
    messageId: requiredText().unique(),
    /** The sender's address in lower case; "" for the null sender of a bounce. */
    fromAddress: requiredText(),
    fromName: text(),
    subject: requiredText(),
    /** How it arrived: "imap" or "webhook". */
    via: requiredText(),
    outcome: inboundOutcomeEnum().notNull(),
    /** Why an ignored mail was ignored (auto-reply, bounce, list, own mail, rate limit). */
    reason: text(),
    ticketId: belongsToIfAny(tickets.id),
    commentId: belongsToIfAny(ticketComments.id),
    enquiryId: refersTo(enquiries.id),
    size: integer().notNull(),
    fileKey: requiredText(),
    receivedAt: createdAt(),
  },
  (t) => [index().on(t.fromAddress, t.receivedAt), index().on(t.ticketId), index().on(t.commentId)],
);
