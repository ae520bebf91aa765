// The device a ticket is about (docs/features.md §8).
import { index, pgTable, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt } from "./_columns.js";
import { tickets } from "./tickets.js";
import { devices } from "./devices.js";

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
