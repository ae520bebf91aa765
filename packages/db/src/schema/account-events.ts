// The account log (docs/architecture.md §6a): every change to how a person signs in, with who made it
// and from where. Written in the change's own transaction, so no such change goes unrecorded.
import { pgTable, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo, requiredText, timelineOf } from "./_columns.js";
import { users } from "./users.js";

export const accountEvents = pgTable(
  "account_events",
  {
    id: id(),
    /** Whose account changed. */
    userId: belongsTo(users.id),
    /** Who changed it: the person, or an admin; kept as null when that person is later deleted. */
    actorId: refersTo(users.id),
    /** One of ACCOUNT_EVENT_ACTIONS (@repo/validators). */
    action: requiredText(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  timelineOf("userId"),
);
