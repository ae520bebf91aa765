// Alert intake (docs/features.md §13, decision 0046): which open ticket holds the alerts of one company's
// device (or host) and check. The primary key is what makes "one": concurrent alerts claim the same row
// with INSERT ... ON CONFLICT DO NOTHING, and only the one that inserted it opens a ticket.
import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./_columns.js";
import { clients } from "./clients.js";
import { tickets } from "./tickets.js";

export const alertTickets = pgTable(
  "alert_tickets",
  {
    clientId: belongsTo(clients.id),
    /** `device:<id>`, `host:<hostname>` or `flood` (the company's one flood ticket). */
    subject: text().notNull(),
    /** The check's name as the tool gives it; empty for the flood ticket. */
    check: text().notNull(),
    /** Null only inside the transaction that claimed the row and is opening its ticket. */
    ticketId: uuid().references(() => tickets.id, { onDelete: "cascade" }),
    openedAt: createdAt(),
    lastAlertAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.subject, t.check] }), index().on(t.ticketId)],
);
