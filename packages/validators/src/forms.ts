// A zod schema for every form and payload of docs/product-spec.md §5 and §7, with the spec's exact messages.
// The web forms and the API parse with the same schema, so each rule and its message exist once.
import { z } from "zod";
import {
  contactServiceSchema,
  devicePlatformSchema,
  deviceStatusSchema,
  deviceTypeSchema,
  publicTicketTypeSchema,
  quoteServiceSchema,
  roleSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
  ticketTypeSchema,
} from "./enums.js";
import { MIN_LENGTHS } from "./constants.js";
import { TICKET_SORTS, TICKET_VIEWS } from "./ticket-views.js";
import { DATE_YEARS, MAX_LENGTHS, isSaneDate, text } from "./text.js";
import { attachmentIdsSchema } from "./attachments.js";

/** A text field that must not be empty; every field has a maximum length (text.ts). */
export const required = (message: string, max: number = MAX_LENGTHS.short) => text(max, message).trim().min(1, message);
export const email = (message: string) => text(MAX_LENGTHS.email, message).trim().pipe(z.email(message));
/** An optional text field that may arrive empty; the honeypot of the public forms uses it too. */
const optionalText = (max: number = MAX_LENGTHS.short) => text(max).trim().optional();
/** An optional email field that may be left empty. */
const optionalEmail = z
  .union([z.literal(""), text(MAX_LENGTHS.email).pipe(z.email("Invalid email address"))])
  .optional();
/** An id or a select's value: kept short, so a junk value is refused before it reaches a query. */
export const idText = () => text(MAX_LENGTHS.id).trim();

const ticketTitle = text(MAX_LENGTHS.title, "Title must be at least 5 characters")
  .trim()
  .min(MIN_LENGTHS.ticketTitle, "Title must be at least 5 characters");
const ticketDescription = text(MAX_LENGTHS.description, "Description must be at least 20 characters")
  .trim()
  .min(MIN_LENGTHS.ticketDescription, "Description must be at least 20 characters");
const password = (message: string, min: number) => text(MAX_LENGTHS.password, message).min(min, message);

// ---- Contact (spec 5) ----
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

// ---- Sign-in (spec 5) ----
export const clientLoginInputSchema = z.object({
  email: email("Valid email is required"),
  password: password("Password is required", MIN_LENGTHS.password),
});
export const staffLoginInputSchema = z.object({
  email: email("Please enter a valid email address"),
  password: password("Password is required", MIN_LENGTHS.password),
});
export type StaffLoginInput = z.infer<typeof staffLoginInputSchema>;

export const PASSWORD_MIN = 8;
export const registerInputSchema = z
  .object({
    name: required("Name is required", MAX_LENGTHS.name),
    email: email("Please enter a valid email address"),
    password: password(`Password must be at least ${PASSWORD_MIN} characters`, PASSWORD_MIN),
    role: roleSchema,
    clientId: idText().optional(),
  })
  .refine((u) => u.role !== "CLIENT" || !!u.clientId, {
    message: "A client user needs a company",
    path: ["clientId"],
  });
export type RegisterInput = z.infer<typeof registerInputSchema>;

// ---- Client tickets (spec 5) ----
export const clientTicketCreateInputSchema = z.object({
  title: ticketTitle,
  description: ticketDescription,
  type: ticketTypeSchema.default("REQUEST"),
  priority: ticketPrioritySchema.default("P3"),
  requesterName: required("Your name is required", MAX_LENGTHS.name),
  requesterEmail: email("Valid email is required"),
  attachments: attachmentIdsSchema,
  /** The company's device the ticket is about (issue 15); sent only when one is chosen. */
  deviceId: idText().optional(),
});
export type ClientTicketCreateInput = z.infer<typeof clientTicketCreateInputSchema>;

export const clientTicketUpdateInputSchema = z.object({
  title: ticketTitle.optional(),
  description: ticketDescription.optional(),
  priority: ticketPrioritySchema.optional(),
});
export type ClientTicketUpdateInput = z.infer<typeof clientTicketUpdateInputSchema>;

// ---- Public ticket (spec 5) ----
export const publicTicketCreateInputSchema = z.object({
  title: ticketTitle,
  description: ticketDescription,
  requesterName: text(MAX_LENGTHS.name, "Name is required")
    .trim()
    .min(MIN_LENGTHS.publicRequesterName, "Name is required"),
  requesterEmail: email("Please enter a valid email address"),
  clientId: required("Please select a client", MAX_LENGTHS.id),
  priority: ticketPrioritySchema.default("P3"),
  type: publicTicketTypeSchema.default("Request"),
  website: optionalText(),
  attachments: attachmentIdsSchema,
});
export type PublicTicketCreateInput = z.infer<typeof publicTicketCreateInputSchema>;

// ---- Staff tickets (spec 5: browser-level required fields, no length limits) ----
export const staffTicketCreateInputSchema = z.object({
  title: required("Title is required", MAX_LENGTHS.title),
  description: required("Description is required", MAX_LENGTHS.description),
  type: ticketTypeSchema.default("REQUEST"),
  priority: ticketPrioritySchema.default("P3"),
  status: ticketStatusSchema.optional(),
  requesterName: required("Requester name is required", MAX_LENGTHS.name),
  requesterEmail: email("Please enter a valid email address"),
  clientId: required("Please select a client", MAX_LENGTHS.id),
  /** "" (the form's "unassigned") or a user id. */
  assigneeId: idText().optional(),
  tags: z.array(text(50).trim().min(1)).max(20).default([]),
  attachments: attachmentIdsSchema,
});
export type StaffTicketCreateInput = z.infer<typeof staffTicketCreateInputSchema>;

export const ticketListQuerySchema = z.object({
  q: text(MAX_LENGTHS.search).trim().optional(),
  status: z.union([ticketStatusSchema, z.literal("all")]).optional(),
  priority: z.union([ticketPrioritySchema, z.literal("all")]).optional(),
  /** A built-in queue of the agent desk (docs/architecture.md §18); none: every ticket. */
  view: z.enum(TICKET_VIEWS, { error: `View must be one of ${TICKET_VIEWS.join(", ")}` }).optional(),
  /** none: newest first, as docs/product-spec.md §2 lists them. */
  sort: z.enum(TICKET_SORTS, { error: `Sort must be one of ${TICKET_SORTS.join(", ")}` }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

// ---- Comments ----
export const commentCreateInputSchema = z.object({
  content: required("Comment is required", MAX_LENGTHS.comment),
  /** Staff only: an internal note never reaches a client. */
  internal: z.boolean().default(false),
  attachments: attachmentIdsSchema,
});
export type CommentCreateInput = z.infer<typeof commentCreateInputSchema>;

// ---- Chat (spec 5) ----
export const chatMessageInputSchema = z.object({
  content: text(MAX_LENGTHS.chatMessage, "Message is required")
    .trim()
    .min(MIN_LENGTHS.chatMessage, "Message is required")
    .max(MAX_LENGTHS.chatMessage, "Message is too long"),
});
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

// ---- Devices (spec 5) ----
/** A calendar date (YYYY-MM-DD) or a full ISO timestamp; the form sends dates as dates. */
const dateInput = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine(isSaneDate, `Dates must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

export const deviceFieldsSchema = z.object({
  assignedUser: optionalText(MAX_LENGTHS.name),
  email: optionalEmail,
  deviceType: deviceTypeSchema.optional(),
  platform: devicePlatformSchema.optional(),
  model: optionalText(),
  serialNumber: required("Serial number is required"),
  assetTag: optionalText(),
  status: deviceStatusSchema.default("IN_USE"),
  location: optionalText(),
  purchaseDate: dateInput.optional().nullable(),
  warrantyExpiry: dateInput.optional().nullable(),
  lastCheckIn: dateInput.optional().nullable(),
  encryptionEnabled: z.boolean().optional(),
  notes: optionalText(MAX_LENGTHS.long),
});
export type DeviceFieldsInput = z.infer<typeof deviceFieldsSchema>;

/** The inventory sorts by any field of a device but the encryption flag and the notes. */
export const deviceSortSchema = deviceFieldsSchema.keyof().exclude(["encryptionEnabled", "notes"]);
export const DEVICE_SORT_FIELDS = deviceSortSchema.options;
export type DeviceSort = z.infer<typeof deviceSortSchema>;

export const deviceListQuerySchema = z.object({
  clientId: idText().optional(),
  sort: deviceSortSchema.default("assignedUser"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  q: text(MAX_LENGTHS.search).trim().optional(),
  status: z.union([deviceStatusSchema, z.literal("all")]).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

// ---- Clients (companies) ----
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

// ---- Tracking (spec 7) ----
export const trackEventInputSchema = z.object({
  event: z.literal("cta_service_quote"),
  service: quoteServiceSchema,
});
export type TrackEventInput = z.infer<typeof trackEventInputSchema>;
