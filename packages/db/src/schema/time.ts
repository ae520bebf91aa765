import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { id, refersTo, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { clients } from "./clients.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * The kinds of work time is recorded as (docs/features.md §10), kept by admins: each with the billable flag
 * and hourly rate (integer cents, CAD) a new entry starts from. Archived, never deleted, once used.
 */
export const workTypes = pgTable("work_types", {
  id: id(),
  name: requiredText().unique(),
  defaultBillable: boolean().notNull(),
  hourlyRateCents: integer().notNull(),
  archived: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  ...timestamps(),
  version: version("work_types"),
});

/**
 * Minutes a staff member worked on a Toronto day, on a ticket or on none (internal work, travel). The
 * ticket's reference and title are copied on, so deleting the ticket keeps its time (docs/features.md §10);
 * its company is copied too, so a client's hours stay its own whatever becomes of the ticket. A person is
 * never deleted while their time is kept (restrict): they are deactivated.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ticketId: refersTo(tickets.id),
    ticketReference: text(),
    ticketTitle: text(),
    clientId: uuid().references(() => clients.id, { onDelete: "restrict" }),
    workDate: date({ mode: "string" }).notNull(),
    minutes: integer().notNull(),
    startedAt: timestamptz(),
    endedAt: timestamptz(),
    workTypeId: uuid()
      .notNull()
      .references(() => workTypes.id, { onDelete: "restrict" }),
    billable: boolean().notNull(),
    note: text().notNull().default(""),
    /** `client`: the note is shown to the client where its company's setting shows time. */
    noteVisibility: text({ enum: ["internal", "client"] })
      .notNull()
      .default("internal"),
    approvedAt: timestamptz(),
    approvedBy: refersTo(users.id),
    /** Set by billing when the entry is on an invoice: it can no longer be unapproved. */
    invoicedAt: timestamptz(),
    ...timestamps(),
    version: version("time_entries"),
  },
  (t) => [
    check("time_entries_minutes", sql`${t.minutes} between 1 and 1440`),
    index().on(t.userId, t.workDate),
    index().on(t.ticketId),
    index().on(t.clientId, t.workDate),
  ],
);

/** A person's running timer: at most one, kept on the server so it survives reloads, tabs and devices. */
export const runningTimers = pgTable("running_timers", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ticketId: refersTo(tickets.id),
  workTypeId: uuid().references(() => workTypes.id, { onDelete: "set null" }),
  startedAt: timestamptz().notNull(),
});

/**
 * A person's week (Monday to Sunday, Toronto) as submitted for approval. No row: the week is open. A
 * submitted or approved week is locked; an admin returns it (with a comment) to unlock it.
 */
export const timesheets = pgTable(
  "timesheets",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekStart: date({ mode: "string" }).notNull(),
    status: text({ enum: ["open", "submitted", "approved", "returned"] }).notNull(),
    submittedAt: timestamptz(),
    decidedAt: timestamptz(),
    decidedBy: refersTo(users.id),
    comment: text(),
    ...timestamps(),
  },
  (t) => [unique().on(t.userId, t.weekStart), index().on(t.status, t.weekStart)],
);

/**
 * The reminder a person got for a working day whose recorded minutes stayed below the expected day
 * (docs/features.md §10): one row per person and day, the unique pair being what makes it once only even
 * with several server instances sending reminders at the same moment. `dismissedAt`: the banner is closed.
 */
export const timeReminders = pgTable(
  "time_reminders",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workDate: date({ mode: "string" }).notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    dismissedAt: timestamptz(),
  },
  (t) => [unique().on(t.userId, t.workDate)],
);
