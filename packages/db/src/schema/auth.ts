import { type AnyPgColumn, boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { belongsTo, createdAt, id, timestamptz, updatedAt, requiredText } from "./_columns.js";
import { roleEnum } from "./enums.js";
import { clients } from "./clients.js";

export const users = pgTable(
  "users",
  {
    id: id(),
    name: requiredText(),
    /** Stored lower-cased; unique. */
    email: requiredText().unique(),
    passwordHash: requiredText(),
    role: roleEnum().notNull(),
    /** Set for CLIENT users only: the company whose rows they may reach. */
    clientId: uuid().references(() => clients.id, { onDelete: "restrict" }),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.clientId), index().on(t.role)],
);

/**
 * A secret handed to a user (a session, a "forgot password" link): only its SHA-256 is stored, as the id, so
 * a copy of the database opens no account. It ends with its user and at `expiresAt`, which the purge reads.
 */
const hashedUserToken = {
  columns: () => ({
    id: text().primaryKey(),
    userId: belongsTo(() => users.id),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  }),
  indexes: (t: { userId: AnyPgColumn; expiresAt: AnyPgColumn }) => [index().on(t.userId), index().on(t.expiresAt)],
};

/** Lucia-style sessions. */
export const sessions = pgTable(
  "sessions",
  {
    ...hashedUserToken.columns(),
    /** Last seen in use (kept to within a few minutes, not written on every request). */
    lastUsedAt: timestamptz().notNull().defaultNow(),
    /** The browser or program that signed in, and from where: for the person's own list of sessions. */
    userAgent: text(),
    ipAddress: text(),
  },
  hashedUserToken.indexes,
);

/** "Forgot password" links: single use, valid 30 minutes. */
export const passwordResets = pgTable(
  "password_resets",
  { ...hashedUserToken.columns(), usedAt: timestamptz() },
  hashedUserToken.indexes,
);

/**
 * One-time tickets for opening the WebSocket (`/ws?token=`): the web app puts one of these in the URL
 * rather than its 30-day session token, which proxy logs would keep. Like sessions, only the SHA-256 of
 * the ticket is stored. A ticket lives 30 seconds and is deleted when used, or with its session.
 */
export const socketTickets = pgTable(
  "socket_tickets",
  {
    id: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.sessionId), index().on(t.expiresAt)],
);

/**
 * Fixed-window counters for throttling (failed sign-ins per account and per IP, public form submissions
 * per IP). In the database so that the limit holds across server instances.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.resetAt)],
);
