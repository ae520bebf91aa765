// How people sign in: sessions, reset links, second factors, passkeys, single sign-on and rate limits.
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";

import {
  belongsTo,
  belongsToIfAny,
  createdAt,
  expiringSecret,
  expiryIndex,
  id,
  requiredText,
  rowsOf,
  timelineOf,
  timestamptz,
} from "./_columns.js";
import { users } from "./users.js";

/**
 * A secret handed to a user (a session, a "forgot password" link): only its SHA-256 is stored, as the id, so
 * a copy of the database opens no account. It ends with its user and at `expiresAt`, which the purge reads.
 */
const hashedUserToken = {
  columns: () => ({ ...expiringSecret(), userId: belongsTo(users.id), createdAt: createdAt() }),
  indexes: (t: { userId: AnyPgColumn; expiresAt: AnyPgColumn }) => [index().on(t.userId), index().on(t.expiresAt)],
};

/** The address and browser a sign-in factor was added from. */
const addedFrom = () => ({ addedIp: text(), addedUserAgent: text() });

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
    /**
     * When the person last proved who they are on this session (signing in, or the password or a factor
     * again): changes to how they sign in need it within minutes ("sudo mode", docs/architecture.md §6a).
     */
    reauthenticatedAt: timestamptz(),
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
 * Invitation links an admin sends instead of typing someone's password: single use, valid 7 days, only the
 * SHA-256 stored, like the reset links. A new invitation spends the person's earlier ones.
 */
export const invitations = pgTable(
  "invitations",
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
    ...expiringSecret(),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
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

/**
 * A person's authenticator app (TOTP, RFC 6238). The key is 20 random bytes; `enabledAt` stays null
 * until the person confirmed enrolment with a code. `lastUsedStep` is the 30-second step of the last
 * code accepted, so no code is ever accepted twice.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  key: requiredText(),
  enabledAt: timestamptz(),
  lastUsedStep: integer(),
  createdAt: createdAt(),
  /** Where it was turned on from, for the person's own list (null before these were kept: "unknown"). */
  ...addedFrom(),
});

/** Ten single-use codes for a lost phone, stored as argon2id hashes, shown once when made. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: belongsTo(users.id),
    codeHash: requiredText(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  rowsOf("userId"),
);

/**
 * A sign-in whose password was right and whose second factor is awaited: the challenge token's SHA-256,
 * valid 5 minutes, spent by the code that completes it.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    ...expiringSecret(),
    userId: belongsTo(users.id),
    failures: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  expiryIndex,
);

/**
 * Every sign-in attempt that named an account, kept for the staff's per-person sign-in log: who, from
 * where, how (the password, an app's code, a recovery code, a passkey, single sign-on) and the outcome.
 */
export const signInEvents = pgTable(
  "sign_in_events",
  {
    id: id(),
    /** Null when the address named no account. */
    userId: belongsToIfAny(users.id),
    email: requiredText(),
    /** success, failure, or refused (locked out, deactivated, the wrong portal). */
    outcome: requiredText(),
    /** password, totp, recovery_code, passkey, sso. */
    method: requiredText(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  timelineOf("userId"),
);

/** Passkeys (WebAuthn credentials) a person registered; a passkey signs in without password or code. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    userId: belongsTo(users.id),
    /** The COSE public key, base64url. */
    publicKey: requiredText(),
    counter: integer().notNull().default(0),
    transports: jsonb().$type<string[]>(),
    /** What the person called it ("Work laptop"). */
    name: requiredText(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    /** Where it was added from, for the person's own list (null before these were kept: "unknown"). */
    ...addedFrom(),
  },
  rowsOf("userId"),
);

/** WebAuthn challenges, single use, valid 5 minutes: for registering (a person) or signing in (anyone). */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    /** The id is the challenge itself, base64url. */
    ...expiringSecret(),
    /** Set when registering: whose passkey it becomes. */
    userId: belongsToIfAny(users.id),
  },
  expiryIndex,
);

/**
 * A single sign-on in progress (docs/architecture.md §6a): the `state` sent to the identity provider, as
 * its SHA-256, with what the callback needs to finish (the PKCE verifier, the nonce, the provider and the
 * portal) and the hash of the browser's binding cookie. Single use, valid 10 minutes.
 */
export const ssoStates = pgTable(
  "sso_states",
  {
    ...expiringSecret(),
    /** SHA-256 of the HttpOnly cookie set on the browser that started the sign-in. */
    browserHash: requiredText(),
    provider: requiredText(),
    portal: requiredText(),
    codeVerifier: requiredText(),
    nonce: requiredText(),
  },
  expiryIndex,
);
