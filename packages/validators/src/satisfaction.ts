// Satisfaction ratings (issue 15): what a requester sends, from the mail's link or the client portal.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { SATISFACTION_RATINGS } from "./enums.js";
import { text } from "./text.js";

/** How long after a resolution its rating may be given or changed (docs/architecture.md §18). */
export const RATING_WINDOW_DAYS = 14;

export const ratingFieldsSchema = z.object({
  rating: z.enum(SATISFACTION_RATINGS, { error: "Choose Good or Bad" }),
  /** Optional words beside the rating; an empty one is no comment. */
  comment: text(MAX_LENGTHS.long)
    .trim()
    .optional()
    .transform((c) => c || null),
});
export type RatingFields = z.input<typeof ratingFieldsSchema>;

/** The rating link's secret, as the public page sends it. */
export const ratingTokenInputSchema = z.object({
  token: text(200, "The rating link is not valid").min(20, "The rating link is not valid"),
});
