// Enquiries: what a visitor sends through the contact form (docs/product-spec.md §5), the "Get a quote"
// click it counts (§7), and an enquiry as the staff screens read it.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { contactServiceSchema, enquiryStatusSchema, quoteServiceSchema } from "./enums.js";
import { email, optionalText, required } from "./fields.js";
import { MAX_PAGE_SIZE } from "./paging.js";
import { isoTimestamp } from "./wire.js";

export const contactInputSchema = z.object({
  firstName: required("First name is required", MAX_LENGTHS.name),
  lastName: required("Last name is required", MAX_LENGTHS.name),
  email: email("Invalid email address"),
  company: optionalText(),
  service: z.union([contactServiceSchema, z.literal("")]).optional(),
  message: optionalText(MAX_LENGTHS.long),
  /** Where the visitor came from (?ref=), stored with the enquiry. */
  ref: optionalText(100),
  /** Honeypot: hidden from people, filled in by bots. */
  website: optionalText(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const trackEventInputSchema = z.object({
  event: z.literal("cta_service_quote"),
  service: quoteServiceSchema,
});
export type TrackEventInput = z.infer<typeof trackEventInputSchema>;

/** A page of the staff inbox of enquiries. */
export const ENQUIRY_PAGE_SIZE = 20;

/** The staff inbox's numbered pages (GET /api/enquiries). */
export const enquiryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ENQUIRY_PAGE_SIZE),
});

/** An enquiry as the staff screens read it: the visitor's form, and the follow-up's state. */
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
export type Enquiry = z.infer<typeof enquirySchema>;
