// The ticket, user, client and metrics API's payloads beyond the forms of forms.ts.
import { z } from "zod";
import { roleSchema, ticketPrioritySchema, ticketStatusSchema, ticketTypeSchema } from "./enums.js";
import { PASSWORD_MIN, email, idText, required } from "./forms.js";
import { MAX_LENGTHS, text } from "./text.js";
import { attachmentIdsSchema } from "./attachments.js";

/**
 * A staff edit (PATCH /api/tickets/{id}): the staff form's fields, each optional and without defaults,
 * so an omitted field is left as it is rather than reset.
 */
export const staffTicketPatchSchema = z.object({
  title: required("Title is required", MAX_LENGTHS.title).optional(),
  description: required("Description is required", MAX_LENGTHS.description).optional(),
  type: ticketTypeSchema.optional(),
  priority: ticketPrioritySchema.optional(),
  status: ticketStatusSchema.optional(),
  requesterName: required("Requester name is required", MAX_LENGTHS.name).optional(),
  requesterEmail: email("Please enter a valid email address").optional(),
  clientId: required("Please select a client", MAX_LENGTHS.id).optional(),
  /** "" (the form's "unassigned"), null or a user id. */
  assigneeId: idText().nullable().optional(),
  tags: z.array(text(50).trim().min(1)).max(20).optional(),
});
export type StaffTicketPatch = z.infer<typeof staffTicketPatchSchema>;

/**
 * POST /api/tickets carries two payloads on one path: the staff form's (with a session) and the public
 * form's (without). The procedure picks the schema by caller; this outer shape only documents the union
 * and leaves the rules and their messages to staffTicketSchema / publicTicketSchema.
 */
export const ticketCreateEnvelopeSchema = z.object({
  title: text(MAX_LENGTHS.title).optional(),
  description: text(MAX_LENGTHS.description).optional(),
  /** Staff: INCIDENT / REQUEST / TASK. Public form: Incident / Request / Task. */
  type: text(MAX_LENGTHS.id).optional(),
  priority: text(MAX_LENGTHS.id).optional(),
  /** Staff only. */
  status: text(MAX_LENGTHS.id).optional(),
  requesterName: text(MAX_LENGTHS.name).optional(),
  requesterEmail: text(MAX_LENGTHS.email).optional(),
  clientId: text(MAX_LENGTHS.id).optional(),
  /** Staff only. */
  assigneeId: text(MAX_LENGTHS.id).nullable().optional(),
  /** Staff only. */
  tags: z.array(text(50)).max(20).optional(),
  /** Public form's honeypot. */
  website: text(MAX_LENGTHS.short).optional(),
  /** Ids of the caller's uploads (POST /api/attachments). */
  attachments: attachmentIdsSchema,
});

/** "7d": the last 7 days (Toronto), today included. */
export const metricsRangeSchema = z
  .string()
  .regex(/^([1-9]|[1-8]\d|90)d$/, "Range must be a number of days from 1d to 90d, such as 7d")
  .default("7d");

export const userUpdateSchema = z.object({
  name: required("Name is required", MAX_LENGTHS.name).optional(),
  role: roleSchema.optional(),
  /** Required when the role becomes CLIENT. */
  clientId: idText().nullable().optional(),
  active: z.boolean().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const passwordResetSchema = z.object({
  password: text(MAX_LENGTHS.password).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
});

/** Paging for staff lists other than tickets (enquiries). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
