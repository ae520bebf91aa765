// A staff member's saved views of the ticket list: a name and the list's filters and sort, private or
// shared with the staff (docs/architecture.md §18).
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { required } from "./fields.js";
import { ticketListQuerySchema } from "./tickets.js";
import { listSchema } from "./paging.js";
import { SAVED_VIEW_NAME_MAX } from "./ticket-views.js";
import { basedOnVersion, isoTimestamp, rowVersion } from "./wire.js";

/** What a saved view remembers: the list's filters and sort, never a page. */
export const savedViewFiltersSchema = ticketListQuerySchema.pick({
  q: true,
  status: true,
  priority: true,
  view: true,
  sort: true,
});
export type SavedViewFilters = z.infer<typeof savedViewFiltersSchema>;

// The text rule's own limit is the roomy one of short fields; the name's tighter one has its own message.
const savedViewName = required("Name is required", MAX_LENGTHS.short).max(
  SAVED_VIEW_NAME_MAX,
  `Name must be at most ${SAVED_VIEW_NAME_MAX} characters`,
);

export const savedViewCreateInputSchema = z.object({
  name: savedViewName,
  /** true: every staff member sees it; false: only its owner. */
  shared: z.boolean().default(false),
  filters: savedViewFiltersSchema,
});
export type SavedViewCreateInput = z.infer<typeof savedViewCreateInputSchema>;

/** A saved view as the API returns it. */
export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  filters: savedViewFiltersSchema,
  owner: z.object({ id: z.string(), name: z.string() }),
  /** true for the caller's own views: they may rename, share and delete them. */
  mine: z.boolean(),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
  version: rowVersion(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** GET /api/views: the caller's saved views and those shared with the staff. */
export const savedViewListSchema = listSchema("views", savedViewSchema);

/** The owner renames a view, or shares or unshares it (PATCH /api/views/{id}). */
export const savedViewUpdateInputSchema = z
  .object({ id: z.string(), name: savedViewName.optional(), shared: z.boolean().optional(), version: basedOnVersion() })
  .refine((p) => p.name !== undefined || p.shared !== undefined, { message: "Choose a change to apply" });
export type SavedViewUpdateInput = z.infer<typeof savedViewUpdateInputSchema>;
