// Column helpers shared by every table: time-ordered UUID v7 ids, timestamps, and the reference to the
// row a row belongs to.
import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";
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
/** The row this one belongs to: required, and deleting it deletes this row too. */
export const belongsTo = (parent: () => AnyPgColumn) => uuid().notNull().references(parent, { onDelete: "cascade" });
export { uuidv7 };
