import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";

// Daily rollups of time_entries for the time reports (docs/features.md §10, decision 0039): the sums the
// reports group, one narrow table per dimension, kept by PostgreSQL triggers on time_entries (migration
// `time_rollups`), never written by the application. Each row is the day's sum of its entries; a row
// whose entries all went is deleted. No foreign keys: time_entries' own references (RESTRICT on a
// person, a company, a work type) keep every key alive while it has time.

/** Minutes per person and Toronto day; the unapproved part too, so the report's "unapproved" line reads here. */
export const timePersonDays = pgTable(
  "time_person_days",
  {
    workDate: date({ mode: "string" }).notNull(),
    userId: uuid().notNull(),
    minutes: integer().notNull(),
    billableMinutes: integer().notNull(),
    entries: integer().notNull(),
    unapprovedMinutes: integer().notNull(),
    unapprovedEntries: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workDate, t.userId] })],
);

/** Minutes per company and day. Entries with no company (internal work) are left out: the report joins clients. */
export const timeClientDays = pgTable(
  "time_client_days",
  {
    workDate: date({ mode: "string" }).notNull(),
    clientId: uuid().notNull(),
    minutes: integer().notNull(),
    billableMinutes: integer().notNull(),
    entries: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workDate, t.clientId] })],
);

/** Minutes per work type and day. */
export const timeWorkTypeDays = pgTable(
  "time_work_type_days",
  {
    workDate: date({ mode: "string" }).notNull(),
    workTypeId: uuid().notNull(),
    minutes: integer().notNull(),
    billableMinutes: integer().notNull(),
    entries: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workDate, t.workTypeId] })],
);
