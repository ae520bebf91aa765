// An enquiry as the staff screens read it: the visitor's form, and the follow-up's state.
import { z } from "zod";
import { enquiryStatusSchema, isoTimestamp } from "@repo/validators";
import type { EnquiryRow } from "./follow-up.js";

export const enquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  service: z.string().nullable(),
  message: z.string().nullable(),
  handledAt: isoTimestamp().nullable(),
  createdAt: isoTimestamp(),
  /** Where the visitor came from: the page's `?ref=`. */
  ref: z.string().nullable(),
  /** new, contacted, won or lost. */
  status: enquiryStatusSchema,
  /** The staff member who follows it up, null when nobody does. */
  ownerId: z.string().nullable(),
  /** The ticket it became, if it was a support request. */
  ticketId: z.string().nullable(),
});

export function enquiryOut(r: EnquiryRow): z.infer<typeof enquirySchema> {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    company: r.company,
    service: r.service,
    message: r.message,
    handledAt: r.handledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    ref: r.ref,
    status: r.status,
    ownerId: r.ownerId,
    ticketId: r.ticketId,
  };
}
