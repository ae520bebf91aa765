// A client company: the profile staff edit.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { optionalEmail, optionalText, required } from "./fields.js";
import { basedOnVersion } from "./wire.js";

/** How many mail domains one company may mark trusted. */
export const MAX_TRUSTED_DOMAINS = 20;

/** A mail domain ("birch.test"): stored lower case, without an "@". */
export const trustedDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, "Enter a domain such as example.com")
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/, "Enter a domain such as example.com");

export const clientProfileInputSchema = z.object({
  name: required("Company name is required"),
  contactEmail: optionalEmail,
  contactPhone: optionalText(),
  address: optionalText(MAX_LENGTHS.long),
  description: optionalText(MAX_LENGTHS.long),
  /** Admin only: the company's people sign in with single sign-on, never a password. */
  ssoRequired: z.boolean().optional(),
  /** The company's people see billable time on their tickets and a monthly summary (docs/features.md §10). */
  showTimeToClient: z.boolean().optional(),
  /**
   * Admin only: mail domains whose mail counts as authenticated and whose public-form requesters are not
   * held for review (docs/decisions/0027-held-intake.md).
   */
  trustedDomains: z
    .array(trustedDomainSchema)
    .max(MAX_TRUSTED_DOMAINS, `At most ${MAX_TRUSTED_DOMAINS} trusted domains`)
    .optional(),
});
export type ClientProfileInput = z.infer<typeof clientProfileInputSchema>;

/** An edit of a company (PATCH /api/clients/{id}): the fields given, and the version it was based on. */
export const clientUpdateInputSchema = clientProfileInputSchema.partial().extend({ version: basedOnVersion() });
export type ClientUpdateInput = z.infer<typeof clientUpdateInputSchema>;
