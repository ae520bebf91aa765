import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./_columns.js";

/** Contact-form enquiries: stored first, mailed later, so nothing is lost when mail is down. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    company: text(),
    service: text(),
    message: text(),
    /** The ?ref= the visitor arrived with (homepage, footer, ...). */
    ref: text(),
    handledAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/** First-party count of "Get a quote" clicks per service per day; no cookies, no visitor data. */
export const ctaClicks = pgTable(
  "cta_clicks",
  {
    service: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.day] })],
);
