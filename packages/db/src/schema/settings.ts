import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { refersTo, updatedAt } from "./_columns.js";
import { users } from "./users.js";

/**
 * Settings an admin changes at run time (the security policy), one row per key. Absent rows mean the
 * defaults of a new install (packages/api/src/settings/security.ts).
 */
export const appSettings = pgTable("app_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
  updatedBy: refersTo(users.id),
});
