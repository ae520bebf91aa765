// The requesters' satisfaction ratings and the links that carry them (docs/architecture.md §18).
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, expiringSecret, expiryIndex, refersTo, rowsOf, timestamptz } from "./_columns.js";
import { users } from "./users.js";
import { clients } from "./clients.js";
import { satisfactionRatingEnum, ticketSourceEnum } from "./enums.js";
import { tickets } from "./tickets.js";

/**
 * A ticket's satisfaction rating: one per ticket, the latest word of its requester. The company and the
 * agent are kept as they were when it was given, so the reports need no join and a later reassignment
 * does not move a rating to someone who did not do the work.
 */
export const satisfactionRatings = pgTable(
  "satisfaction_ratings",
  {
    ticketId: uuid()
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The ticket's assignee when it was rated; null when nobody was assigned. */
    agentId: refersTo(users.id),
    rating: satisfactionRatingEnum().notNull(),
    comment: text(),
    /** Where it was given: `email` (the mail's link) or `client` (the portal). */
    source: ticketSourceEnum().notNull(),
    /** The portal user who gave it; null from a mail's link. */
    ratedBy: refersTo(users.id),
    /** When it was given or last changed: the reports count it on this day. */
    ratedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.ratedAt), index().on(t.clientId, t.ratedAt), index().on(t.agentId, t.ratedAt)],
);

/**
 * The secret of a rating link in a "resolved" mail: its SHA-256 is the id, never the token. It serves the
 * resolution it was written for only (`resolvedAt`), so a link from before a reopening is spent.
 */
export const ratingLinks = pgTable(
  "rating_links",
  {
    ...expiringSecret(),
    ticketId: belongsTo(tickets.id),
    resolvedAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [...expiryIndex(t), ...rowsOf("ticketId")(t)],
);
