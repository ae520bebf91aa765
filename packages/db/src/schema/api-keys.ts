// API keys (docs/features.md §13, decision 0045): a secret an integration sends as `Authorization: Bearer`,
// stored as its SHA-256 like a session token, with the scopes it may use and, optionally, the one company
// it is confined to.
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { API_KEY_SCOPES } from "@repo/validators";
import { belongsTo, belongsToIfAny, createdAt, id, refersTo, requiredText, timestamptz } from "./_columns.js";
import { clients } from "./clients.js";
import { users } from "./users.js";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    name: requiredText(),
    /** The key's visible start (`mk_live_ab12cd34`), shown in the list to tell keys apart. */
    prefix: requiredText(),
    /** SHA-256 of the whole key, in hex: a copy of the database opens nothing. */
    secretHash: requiredText(),
    scopes: text({ enum: API_KEY_SCOPES }).array().notNull(),
    /** The one company the key reaches; null: every company. The key goes with its company. */
    clientId: belongsToIfAny(clients.id),
    /** The admin who made it: a key acts only while that admin is an active ADMIN, and goes with the account. */
    createdBy: belongsTo(users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz(),
    /** Kept to within a minute, so that a busy key writes its row at most once a minute. */
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    revokedBy: refersTo(users.id),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.createdBy), index().on(t.clientId)],
);
