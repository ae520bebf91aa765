import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, timestamptz } from "./_columns.js";
import { tickets } from "./tickets.js";
import { timeEntries } from "./time.js";
import { users } from "./users.js";

/**
 * How long a staff member had a ticket page open and in focus (docs/features.md "Time: drafts"): one row
 * per stretch of heartbeats, extended by each one that comes within the span's grace. Read only to draft
 * time entries; deleting the ticket or the person deletes the spans.
 */
export const timeFocusSpans = pgTable(
  "time_focus_spans",
  {
    id: id(),
    userId: belongsTo(users.id),
    ticketId: belongsTo(tickets.id),
    startedAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.userId, t.startedAt)],
);

/**
 * A draft the person accepted or discarded: its ticket's minutes from `start` to `end` are settled and not
 * offered again. The key makes a decision once: a second accept of the same draft (a double click, a
 * second tab) finds the first and records no second entry.
 */
export const timeDraftDecisions = pgTable(
  "time_draft_decisions",
  {
    userId: belongsTo(users.id),
    ticketId: uuid().notNull(),
    start: timestamptz().notNull(),
    end: timestamptz().notNull(),
    decision: text({ enum: ["accepted", "discarded"] }).notNull(),
    /** The time entry an accepted draft became; deleting the entry leaves the minutes settled. */
    entryId: uuid().references(() => timeEntries.id, { onDelete: "set null" }),
    decidedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId, t.start] }), index().on(t.userId, t.end)],
);
