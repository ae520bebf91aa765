// A ticket's history: who changed what, and when.
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { belongsToIfAny, createdAt, id, refersTo, requiredText, timelineOf } from "./_columns.js";
import { users } from "./users.js";
import { tickets } from "./tickets.js";

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    ticketId: belongsToIfAny(tickets.id),
    actorId: refersTo(users.id),
    actorName: text(),
    action: requiredText(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>(),
    /**
     * The merged duplicate this entry was written on, when a merge moved it here; such entries are the
     * other ticket's history, so the SLA clock and the client's timeline of this ticket skip them.
     */
    mergedFromId: uuid(),
    createdAt: createdAt(),
  },
  // A person's changes of a day: the time drafts read them (docs/features.md "Time: drafts").
  (t) => [...timelineOf("ticketId")(t), index().on(t.actorId, t.createdAt)],
);
