// Satisfaction ratings (docs/architecture.md §18): what a requester sends, from the mail's link or the client portal, and
// what the rating screens show.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { SATISFACTION_RATINGS, TICKET_SOURCES } from "./enums.js";
import { isoTimestamp } from "./wire.js";
import { text } from "./text.js";

/** How long after a resolution its rating may be given or changed (docs/architecture.md §18). */
export const RATING_WINDOW_DAYS = 14;

export const ratingFieldsSchema = z.object({
  rating: z.enum(SATISFACTION_RATINGS, { error: "Choose Good or Bad" }),
  /**
   * Optional words beside the rating: an empty one clears the comment, a missing one keeps what was saved
   * (the mail's link sends the rating alone, and must not erase a comment written before).
   */
  comment: text(MAX_LENGTHS.long)
    .trim()
    .optional()
    .transform((c) => (c === undefined ? undefined : c || null)),
});
export type RatingFields = z.input<typeof ratingFieldsSchema>;

/** The rating link's secret, as the public page sends it. */
export const ratingTokenInputSchema = z.object({
  token: text(200, "The rating link is not valid").min(20, "The rating link is not valid"),
});

/** What a rating screen shows: the rating (null when none yet) and whether it may be given or changed now. */
export const ratingStateSchema = z.object({
  /** null until the requester rates the ticket. */
  rating: z.enum(SATISFACTION_RATINGS).nullable(),
  comment: z.string().nullable(),
  ratedAt: isoTimestamp().nullable(),
  /** Where it was given: `email` (the mail's link) or `client` (the portal). */
  source: z.enum(TICKET_SOURCES).nullable(),
  /** Whether it may be given or changed now: resolved, not reopened, and within the window. */
  canRate: z.boolean(),
});
export type RatingState = z.infer<typeof ratingStateSchema>;

/** What the public rating page shows before and after a rating. */
export const ratingPageSchema = ratingStateSchema.extend({ reference: z.string(), title: z.string() });
export type RatingPage = z.infer<typeof ratingPageSchema>;
