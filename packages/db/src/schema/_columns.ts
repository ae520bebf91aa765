// Column helpers shared by every table: time-ordered UUID v7 ids, timestamps, and the reference to the
// row a row belongs to.
import { type AnyPgColumn, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
/** Text the row cannot be without; a nullable one is written `text()`, so the optional ones stand out. */
export const requiredText = () => text().notNull();
export { uuidv7 };
