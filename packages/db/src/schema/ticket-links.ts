// Tickets linked to one another (docs/features.md §8).
import { sql } from "drizzle-orm";
import { check, index, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo } from "./_columns.js";
import { ticketLinkKindEnum } from "./enums.js";
import { users } from "./users.js";
import { tickets } from "./tickets.js";

/**
 * Two tickets linked by staff. One row per pair, whichever way round (the unique index on the ordered
 * pair); `kind` reads from `ticketId`: "caused_by" means ticketId was caused by linkedTicketId.
 */
export const ticketLinks = pgTable(
  "ticket_links",
  {
    id: id(),
    ticketId: belongsTo(tickets.id),
    linkedTicketId: belongsTo(tickets.id),
    kind: ticketLinkKindEnum().notNull().default("related"),
    createdById: refersTo(users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ticket_links_pair").on(
      sql`least(${t.ticketId}, ${t.linkedTicketId})`,
      sql`greatest(${t.ticketId}, ${t.linkedTicketId})`,
    ),
    index().on(t.linkedTicketId),
    check("ticket_links_not_self", sql`${t.ticketId} <> ${t.linkedTicketId}`),
  ],
);
