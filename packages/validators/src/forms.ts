// A zod schema for every form and payload of spec sections 5 and 7, with the spec's exact messages.
// The web forms and the API parse with the same schema, so each rule and its message exist once.
import { z } from "zod";
import {
  contactServiceSchema,
  devicePlatformSchema,
  deviceSortSchema,
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

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const email = (message: string) => z.string({ error: message }).trim().pipe(z.email(message));
/** An optional text field that may arrive empty; the honeypot of the public forms uses it too. */
const optionalText = z.string().trim().optional();

const ticketTitle = z
  .string({ error: "Title must be at least 5 characters" })
  .trim()
  .min(MIN_LENGTHS.ticketTitle, "Title must be at least 5 characters");
const ticketDescription = z
  .string({ error: "Description must be at least 20 characters" })
  .trim()
  .min(MIN_LENGTHS.ticketDescription, "Description must be at least 20 characters");

// ---- Contact (spec 5) ----
export const contactSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: email("Invalid email address"),
  company: optionalText,
  service: z.union([contactServiceSchema, z.literal("")]).optional(),
  message: optionalText,
  /** Where the visitor came from (?ref=), stored with the enquiry. */
  ref: z.string().trim().max(100).optional(),
  /** Honeypot: hidden from people, filled in by bots. */
  website: optionalText,
});
export type ContactInput = z.infer<typeof contactSchema>;

// ---- Sign-in (spec 5) ----
export const clientLoginSchema = z.object({
  email: email("Valid email is required"),
  password: z.string({ error: "Password is required" }).min(MIN_LENGTHS.password, "Password is required"),
});
export const staffLoginSchema = z.object({
  email: email("Please enter a valid email address"),
  password: z.string({ error: "Password is required" }).min(MIN_LENGTHS.password, "Password is required"),
});
export type LoginInput = z.infer<typeof staffLoginSchema>;

export const PASSWORD_MIN = 8;
export const registerSchema = z
  .object({
    name: required("Name is required"),
    email: email("Please enter a valid email address"),
    password: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    role: roleSchema,
    clientId: z.string().trim().optional(),
  })
  .refine((u) => u.role !== "CLIENT" || !!u.clientId, {
    message: "A client user needs a company",
    path: ["clientId"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

// ---- Client tickets (spec 5) ----
export const clientTicketCreateSchema = z.object({
  title: ticketTitle,
  description: ticketDescription,
  type: ticketTypeSchema.default("REQUEST"),
  priority: ticketPrioritySchema.default("P3"),
  requesterName: required("Your name is required"),
  requesterEmail: email("Valid email is required"),
});
export type ClientTicketCreateInput = z.infer<typeof clientTicketCreateSchema>;

export const clientTicketUpdateSchema = z.object({
  title: ticketTitle.optional(),
  description: ticketDescription.optional(),
  priority: ticketPrioritySchema.optional(),
});
export type ClientTicketUpdateInput = z.infer<typeof clientTicketUpdateSchema>;

// ---- Public ticket (spec 5) ----
export const publicTicketSchema = z.object({
  title: ticketTitle,
  description: ticketDescription,
  requesterName: z
    .string({ error: "Name is required" })
    .trim()
    .min(MIN_LENGTHS.publicRequesterName, "Name is required"),
  requesterEmail: email("Please enter a valid email address"),
  clientId: required("Please select a client"),
  priority: ticketPrioritySchema.default("P3"),
  type: publicTicketTypeSchema.default("Request"),
  website: optionalText,
});
export type PublicTicketInput = z.infer<typeof publicTicketSchema>;

// ---- Staff tickets (spec 5: browser-level required fields, no length limits) ----
export const staffTicketSchema = z.object({
  title: required("Title is required"),
  description: required("Description is required"),
  type: ticketTypeSchema.default("REQUEST"),
  priority: ticketPrioritySchema.default("P3"),
  status: ticketStatusSchema.optional(),
  requesterName: required("Requester name is required"),
  requesterEmail: email("Please enter a valid email address"),
  clientId: required("Please select a client"),
  /** "" (the form's "unassigned") or a user id. */
  assigneeId: z.string().trim().optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
});
export type StaffTicketInput = z.infer<typeof staffTicketSchema>;

export const ticketListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.union([ticketStatusSchema, z.literal("all")]).optional(),
  priority: z.union([ticketPrioritySchema, z.literal("all")]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

// ---- Comments ----
export const commentCreateSchema = z.object({
  content: required("Comment is required").pipe(z.string().max(20_000)),
  /** Staff only: an internal note never reaches a client. */
  internal: z.boolean().default(false),
});
export type CommentCreateInput = z.infer<typeof commentCreateSchema>;

// ---- Chat (spec 5) ----
export const chatMessageSchema = z.object({
  content: z
    .string({ error: "Message is required" })
    .trim()
    .min(MIN_LENGTHS.chatMessage, "Message is required")
    .max(4000, "Message is too long"),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

// ---- Devices (spec 5) ----
/** A calendar date (YYYY-MM-DD) or a full ISO timestamp; the form sends dates as dates. */
const dateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const deviceFieldsSchema = z.object({
  assignedUser: optionalText,
  email: z.union([z.literal(""), z.email("Invalid email address")]).optional(),
  deviceType: deviceTypeSchema.optional(),
  platform: devicePlatformSchema.optional(),
  model: optionalText,
  serialNumber: required("Serial number is required"),
  assetTag: optionalText,
  status: deviceStatusSchema.default("IN_USE"),
  location: optionalText,
  purchaseDate: dateInput.optional().nullable(),
  warrantyExpiry: dateInput.optional().nullable(),
  lastCheckIn: dateInput.optional().nullable(),
  encryptionEnabled: z.boolean().optional(),
  notes: optionalText,
});
export type DeviceFieldsInput = z.infer<typeof deviceFieldsSchema>;

export const deviceListQuerySchema = z.object({
  clientId: z.string().trim().optional(),
  sort: deviceSortSchema.default("assignedUser"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  q: z.string().trim().max(200).optional(),
  status: z.union([deviceStatusSchema, z.literal("all")]).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

// ---- Clients (companies) ----
export const clientProfileSchema = z.object({
  name: required("Company name is required"),
  contactEmail: z.union([z.literal(""), z.email("Invalid email address")]).optional(),
  contactPhone: optionalText,
  address: optionalText,
  description: optionalText,
});
export type ClientProfileInput = z.infer<typeof clientProfileSchema>;

// ---- Tracking (spec 7) ----
export const trackEventSchema = z.object({
  event: z.literal("cta_service_quote"),
  service: quoteServiceSchema,
});
export type TrackEventInput = z.infer<typeof trackEventSchema>;
