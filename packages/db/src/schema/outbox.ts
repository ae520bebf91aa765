import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, refersTo, requiredText, timestamptz } from "./_columns.js";
import { outboxStatusEnum } from "./enums.js";
import { tickets } from "./tickets.js";

/** Mails written in the transaction of the change that causes them, drained by a worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: requiredText(),
    to: requiredText(),
    subject: requiredText(),
    text: requiredText(),
    html: text(),
    headers: jsonb().$type<Record<string, string>>(),
    ticketId: refersTo(tickets.id),
    /** Files sent with it (a staff reply's attachments), read from the file store when it goes out. */
    attachmentIds: jsonb().$type<string[]>(),
    /**
     * Documents the product made for the mail (an invoice's PDF), by file store key, read from the store
     * when it goes out, like the attachments; kept there, not purged as unclaimed uploads are.
     */
    documents: jsonb().$type<{ fileKey: string; filename: string; contentType: string }[]>(),
    status: outboxStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's queue.
    index().on(t.status, t.nextAttemptAt),
    // The staff's keyset order, newest first and the id breaking ties (migration 0021): the
    // outbox, the outbox in one state, and one ticket's mails (which also serves the ticket's cascade).
    index().on(t.createdAt, t.id),
    index().on(t.status, t.createdAt, t.id),
    index().on(t.ticketId, t.createdAt, t.id),
  ],
);
