import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, requiredText } from "./_columns.js";

/** A client company. */
export const clients = pgTable("clients", {
  id: id(),
  name: requiredText().unique(),
  contactEmail: text(),
  contactPhone: text(),
  address: text(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
