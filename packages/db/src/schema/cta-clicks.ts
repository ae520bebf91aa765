import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { requiredText } from "./_columns.js";

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
