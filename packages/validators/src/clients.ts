// A client company: the profile staff edit.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { optionalEmail, optionalText, required } from "./fields.js";
import { basedOnVersion } from "./wire.js";

export const clientProfileInputSchema = z.object({
  name: required("Company name is required"),
  contactEmail: optionalEmail,
  contactPhone: optionalText(),
  address: optionalText(MAX_LENGTHS.long),
  description: optionalText(MAX_LENGTHS.long),
  /** Admin only: the company's people sign in with single sign-on, never a password. */
  ssoRequired: z.boolean().optional(),
});
export type ClientProfileInput = z.infer<typeof clientProfileInputSchema>;

/** An edit of a company (PATCH /api/clients/{id}): the fields given, and the version it was based on. */
export const clientUpdateInputSchema = clientProfileInputSchema.partial().extend({ version: basedOnVersion() });
export type ClientUpdateInput = z.infer<typeof clientUpdateInputSchema>;
