// Recurring tickets (docs/features.md §16): a ticket template opened on an RFC 5545 schedule, and the log
// of each due occurrence. The log's unique (schedule, occurrence) is what makes "exactly once" hold across
// instances (docs/decisions/0049-recurring-tickets.md).
import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { RECURRING_RUN_OUTCOMES } from "@repo/validators";
import { belongsTo, id, refersTo, requiredText, timestamps, timestamptz } from "./_columns.js";
import { ticketPriorityEnum, ticketTypeEnum } from "./enums.js";
import { clients } from "./clients.js";
import { devices } from "./devices.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

export const recurringRunOutcomeEnum = pgEnum("recurring_run_outcome", RECURRING_RUN_OUTCOMES);

export const recurringTickets = pgTable(
  "recurring_tickets",
  {
    id: id(),
    name: requiredText(),
    /** Deleting the company deletes its schedules. */
    clientId: belongsTo(clients.id),
    // The template: the fields of the ticket each occurrence opens.
    title: requiredText(),
    description: requiredText(),
    priority: ticketPriorityEnum().notNull().default("P3"),
    type: ticketTypeEnum().notNull().default("TASK"),
    assigneeId: refersTo(users.id),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    deviceId: refersTo(devices.id),
    /** The RRULE's parts without "RRULE:", e.g. FREQ=MONTHLY;BYDAY=2MO. */
    rrule: requiredText(),
    /** The first occurrence as a wall time of the SLA calendar's zone, "2026-03-09T09:00" (not an instant). */
    dtstart: requiredText(),
    enabled: boolean().notNull().default(true),
    skipIfOpen: boolean().notNull().default(true),
    /** The next occurrence (UTC); null once the rule has no more dates. */
    nextRunAt: timestamptz(),
    lastRunAt: timestamptz(),
    /** The ticket the schedule last opened, for "skip while the previous one is open"; null once deleted. */
    lastTicketId: uuid().references(() => tickets.id, { onDelete: "set null" }),
    createdBy: refersTo(users.id),
    ...timestamps(),
  },
  (t) => [index().on(t.clientId), index().on(t.nextRunAt).where(sql`${t.enabled}`)],
);

/** One due occurrence of a schedule and what became of it; at most one row per occurrence. */
export const recurringTicketRuns = pgTable(
  "recurring_ticket_runs",
  {
    id: id(),
    scheduleId: belongsTo(recurringTickets.id),
    occurrenceAt: timestamptz().notNull(),
    ranAt: timestamptz().notNull(),
    outcome: recurringRunOutcomeEnum().notNull(),
    /** The ticket created, or the open one the occurrence was skipped for. */
    ticketId: uuid().references(() => tickets.id, { onDelete: "set null" }),
    /** Why a run failed. */
    message: text(),
  },
  (t) => [uniqueIndex().on(t.scheduleId, t.occurrenceAt)],
);
