// A ticket's CC list and its one switch (docs/features.md §5, docs/decisions/0032-ticket-cc.md).
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { TicketCcSource } from "@repo/validators";
import { belongsTo, createdAt, id, refersTo, requiredText } from "./_columns.js";
import { users } from "./users.js";
import { tickets } from "./tickets.js";

/**
 * An address copied on a ticket's mails. `email` is stored lower case, so the unique index dedupes
 * "Tom@Acme.test" and "tom@acme.test"; `addedVia` says whether a mail or a staff member put it there.
 */
export const ticketCc = pgTable(
  "ticket_cc",
  {
    id: id(),
    ticketId: belongsTo(tickets.id),
    email: requiredText(),
    addedVia: text().$type<TicketCcSource>().notNull(),
    addedById: refersTo(users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ticket_cc_ticket_email").on(t.ticketId, t.email),
    index().on(t.ticketId, t.createdAt),
    check("ticket_cc_email_lower", sql`${t.email} = lower(${t.email})`),
    check("ticket_cc_added_via", sql`${t.addedVia} in ('mail', 'staff')`),
  ],
);

/**
 * A ticket's CC switch, kept beside the ticket rather than on it: flipping it is no edit of the ticket's
 * fields, so it does not move the ticket's version (docs/architecture.md §8a). No row: the default, on.
 */
export const ticketCcSettings = pgTable("ticket_cc_settings", {
  ticketId: uuid()
    .primaryKey()
    .references(() => tickets.id, { onDelete: "cascade" }),
  copyOnReplies: boolean().notNull().default(true),
});
