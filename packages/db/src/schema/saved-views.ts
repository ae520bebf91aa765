import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { SavedViewFilters } from "@repo/validators";
import { belongsTo, id, timestamps, version } from "./_columns.js";
import { users } from "./users.js";

/**
 * A staff member's saved view of the ticket list (docs/architecture.md §18): a name and the list's
 * filters and sort. Private to its owner, or shared with every staff member. Deleting the owner
 * deletes their views, shared ones included: nobody else may rename them.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: id(),
    ownerId: belongsTo(users.id),
    name: text().notNull(),
    shared: boolean().notNull().default(false),
    filters: jsonb().$type<SavedViewFilters>().notNull(),
    ...timestamps(),
    version: version("saved_views"),
  },
  (t) => [index().on(t.ownerId), index().on(t.shared)],
);
