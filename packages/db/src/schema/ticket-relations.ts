// What a ticket names besides its company (docs/architecture.md §18): the tickets it is linked to, and the device it is
// about. Kept apart from tickets.ts because devices (portal.ts) already refer to tickets, and schema files
// must not import each other in a cycle (docs/architecture.md §1).
import { sql } from "drizzle-orm";
import { check, index, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo } from "./_columns.js";
import { ticketLinkKindEnum } from "./enums.js";
import { users } from "./auth.js";
import { tickets } from "./tickets.js";
import { devices } from "./portal.js";

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

/**
 * The device a ticket is about: at most one per ticket (the ticket is the key), of the ticket's own
 * company (checked in the query that writes it, tickets/devices.ts). A join table rather than a column
 * of tickets: see docs/decisions/0018-merge-links-and-devices.md.
 */
export const ticketDevices = pgTable(
  "ticket_devices",
  {
    ticketId: uuid()
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    deviceId: belongsTo(devices.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.deviceId)],
);
