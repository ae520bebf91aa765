// Canned replies (docs/architecture.md §18).
import { boolean, index, pgTable } from "drizzle-orm/pg-core";
import { belongsTo, id, requiredText, timestamps, version } from "./_columns.js";
import { users } from "./users.js";

/** A reply a staff member keeps to insert into a ticket's reply box, private to them or shared. */
export const cannedReplies = pgTable(
  "canned_replies",
  {
    id: id(),
    title: requiredText(),
    /** The text, with placeholders such as {{requester.firstName}} (`@repo/validators` canned-replies.ts). */
    body: requiredText(),
    /** Deleting the author deletes their replies: a private one is no one else's, a shared one has no owner. */
    authorId: belongsTo(users.id),
    shared: boolean().notNull().default(false),
    ...timestamps(),
    version: version("canned_replies"),
  },
  (t) => [index().on(t.authorId), index().on(t.shared)],
);
