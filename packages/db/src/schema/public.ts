import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, requiredText } from "./_columns.js";

/** Contact-form enquiries: stored first, mailed later, so nothing is lost when mail is down. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: id(),
    firstName: requiredText(),
    lastName: requiredText(),
    email: requiredText(),
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
    service: requiredText(),
    day: date({ mode: "string" }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.day] })],
);
