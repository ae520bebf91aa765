// Column helpers shared by every table: time-ordered UUID v7 ids, timestamps, the references between
// rows, and the indexes that recur (a timeline, an expiry).
import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";

export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());
/** Every instant is stored with its time zone. */
export const timestamptz = () => timestamp({ withTimezone: true });
export const createdAt = () => timestamptz().notNull().defaultNow();
export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
/** When the row was made and last changed, for a table that has both (drizzle's reusable-columns idiom). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/**
 * The row's version (docs/architecture.md §8a): 1 when inserted, one more on every drizzle UPDATE of the
 * row (an upsert's update too), whatever the update sets, so a side write (a status change, the SLA
 * sweep, a merge) moves it as an edit does. An edit that names the version it was based on is refused
 * once another write has moved it. `table` qualifies the column, which an upsert's SET needs.
 */
export const version = (table: string) =>
  integer()
    .notNull()
    .default(1)
    .$onUpdateFn(() => sql`${sql.identifier(table)}."version" + 1`);
// The references below take the parent's column itself rather than drizzle's `() => column`: the thunk
// is for tables that refer to each other, and every parent here is declared before its children (there
// are no import cycles in packages/, docs/architecture.md).
/** The row this one belongs to: required, and deleting it deletes this row too. */
export const belongsTo = (parent: AnyPgColumn) =>
  uuid()
    .notNull()
    .references(() => parent, { onDelete: "cascade" });
/** The row this one belongs to when it belongs to one: deleting it deletes this row too. */
export const belongsToIfAny = (parent: AnyPgColumn) => uuid().references(() => parent, { onDelete: "cascade" });
/** A row this one names (an author, an actor, an assignee): deleting it leaves null here and keeps this row. */
export const refersTo = (other: AnyPgColumn) => uuid().references(() => other, { onDelete: "set null" });
/**
 * A short-lived secret (a session, a challenge, a sign-on in progress): the secret, or only its SHA-256,
 * is the id, and the purge deletes the row once `expiresAt` has passed (see expiryIndex).
 */
export const expiringSecret = () => ({ id: text().primaryKey(), expiresAt: timestamptz().notNull() });
/** Text the row cannot be without; a nullable one is written `text()`, so the optional ones stand out. */
export const requiredText = () => text().notNull();

/** The index that finds one parent's rows (a person's passkeys, their recovery codes). */
export const rowsOf =
  <Parent extends string>(parent: Parent) =>
  (t: Record<Parent, AnyPgColumn>) => [index().on(t[parent])];
/** The index a timeline reads (a ticket's comments, a person's log): one parent's rows in time order. */
export const timelineOf =
  <Parent extends string>(parent: Parent) =>
  (t: Record<Parent | "createdAt", AnyPgColumn>) => [index().on(t[parent], t.createdAt)];
/** The index the purge reads to delete what has expired. */
export const expiryIndex = (t: { expiresAt: AnyPgColumn }) => [index().on(t.expiresAt)];
export { uuidv7 };
