import { boolean, index, pgTable, uuid } from "drizzle-orm/pg-core";
import { id, requiredText, timestamps, version } from "./_columns.js";
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
    /**
     * Added by an admin with an invitation that is not yet accepted: no password of theirs exists, so a
     * password sign-in is refused until they choose one from the mailed link (docs/features.md, Users).
     */
    invitationPending: boolean().notNull().default(false),
    ...timestamps(),
    version: version("users"),
  },
  (t) => [
    index().on(t.clientId),
    index().on(t.role),
    // The people list's keyset order: name, then email, then id (migration 0021, docs/performance.md §4).
    index().on(t.name, t.email, t.id),
  ],
);
