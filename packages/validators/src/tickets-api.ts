// The ticket, user, client and metrics API's payloads beyond the forms of forms.ts.
import { z } from "zod";
import {
  roleSchema,
  ticketLinkKindSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
  ticketTypeSchema,
} from "./enums.js";
import { PASSWORD_MIN, email, idText, required } from "./forms.js";
import { DATE_YEARS, MAX_LENGTHS, isSaneDate, text } from "./text.js";
import { attachmentIdsSchema } from "./attachments.js";
import { optionalPageParams, pageParams } from "./paging.js";
import {
  CLIENT_STATUS_FILTERS,
  CLIENT_TICKET_PAGE_SIZE,
  CLIENT_TICKET_SORTS,
  type ClientStatusFilter,
  type ClientTicketSort,
} from "./client-ticket-list.js";

/**
 * A staff edit (PATCH /api/tickets/{id}): the staff form's fields, each optional and without defaults,
 * so an omitted field is left as it is rather than reset.
 */
export const staffTicketUpdateInputSchema = z.object({
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
export type StaffTicketUpdateInput = z.infer<typeof staffTicketUpdateInputSchema>;

/** How many tickets one bulk action may change: a page of the staff list, and then some. */
export const BULK_TICKET_LIMIT = 100;

/** The tickets a bulk action applies to: at least one, at most BULK_TICKET_LIMIT. */
export const bulkTicketIdsSchema = z
  .array(idText())
  .min(1, "Select at least one ticket")
  .max(BULK_TICKET_LIMIT, `Select at most ${BULK_TICKET_LIMIT} tickets at a time`);

/** A bulk change from the staff list: a status, a priority, an assignee (null: nobody) and/or a tag to add. */
export const ticketBulkUpdateInputSchema = z
  .object({
    ids: bulkTicketIdsSchema,
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assigneeId: idText().nullable().optional(),
    addTag: text(50).trim().min(1, "A tag cannot be empty").optional(),
  })
  .refine((b) => [b.status, b.priority, b.assigneeId, b.addTag].some((change) => change !== undefined), {
    message: "Choose a change to apply",
  });
export type TicketBulkUpdateInput = z.infer<typeof ticketBulkUpdateInputSchema>;

/** Merging a duplicate (POST /api/tickets/{id}/merge): the ticket that stays. */
export const ticketMergeInputSchema = z.object({
  targetId: idText().min(1, "Choose the ticket to merge into"),
});

/** Linking two tickets (POST /api/tickets/{id}/links): the other ticket and how they relate. */
export const ticketLinkCreateInputSchema = z.object({
  ticketId: idText().min(1, "Choose the ticket to link"),
  kind: ticketLinkKindSchema.default("related"),
});

/** The device a ticket is about (PUT /api/tickets/{id}/device); null names none. */
export const ticketDeviceUpdateInputSchema = z.object({
  deviceId: idText().min(1, "Choose a device").nullable(),
});

/**
 * POST /api/tickets carries two payloads on one path: the staff form's (with a session) and the public
 * form's (without). The procedure picks the schema by caller; this outer shape only documents the union
 * and leaves the rules and their messages to staffTicketCreateInputSchema / publicTicketCreateInputSchema.
 */
export const ticketCreateEnvelopeInputSchema = z.object({
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

/** How long a report may span: a year and a day, so "the same day last year" fits. */
export const REPORT_MAX_DAYS = 366;

const reportDay = (what: string) =>
  z
    .string()
    // abort: a text that is no date at all gets that one message, not also "must be a real date".
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${what} must be a date such as 2026-11-01`, abort: true })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), {
      message: `${what} must be a real date`,
      abort: true,
    })
    .refine(isSaneDate, `${what} must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

/** A report's days, in Toronto, both included; without them, the last 30 days up to today. */
export const reportRangeQuerySchema = z
  .object({ from: reportDay("From").optional(), to: reportDay("To").optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: "From must not be after To" })
  .refine((r) => !r.from || !r.to || (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `A report spans at most ${REPORT_MAX_DAYS} days`,
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const userUpdateInputSchema = z.object({
  name: required("Name is required", MAX_LENGTHS.name).optional(),
  role: roleSchema.optional(),
  /** Required when the role becomes CLIENT. */
  clientId: idText().nullable().optional(),
  active: z.boolean().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateInputSchema>;

export const userPasswordResetInputSchema = z.object({
  password: text(MAX_LENGTHS.password).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
});

/** Paging for staff lists other than tickets (enquiries). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A page of the client's tickets (GET /api/client/tickets/page): words to find in the title, description
 * or reference, a status group, an order, and `cursor`, the id of the last ticket of the page before.
 */
export const clientTicketPageQuerySchema = z.object({
  q: text(MAX_LENGTHS.search).trim().optional(),
  status: z.enum(Object.keys(CLIENT_STATUS_FILTERS) as [ClientStatusFilter, ...ClientStatusFilter[]]).optional(),
  sort: z.enum(Object.keys(CLIENT_TICKET_SORTS) as [ClientTicketSort, ...ClientTicketSort[]]).default("newest"),
  ...pageParams(CLIENT_TICKET_PAGE_SIZE),
});
export type ClientTicketPageQuery = z.infer<typeof clientTicketPageQuerySchema>;

/** A page of a ticket's comments: more than most tickets ever have, so most show in one. */
export const COMMENT_PAGE_SIZE = 50;

/** GET /api/tickets/{id}/comments: every comment, or with `cursor` and `limit` those after the cursor. */
export const commentListQuerySchema = z.object({ id: idText(), ...optionalPageParams });
/** GET /api/tickets/{id}/comments/page and /api/client/tickets/{id}/comments/page. */
export const commentPageQuerySchema = z.object({ id: idText(), ...pageParams(COMMENT_PAGE_SIZE) });

/** A page of a ticket's mails (staff): more than most tickets ever cause, so most show in one. */
export const TICKET_MAIL_PAGE_SIZE = 20;

/**
 * GET /api/tickets/{id}/mails: every mail, or with `cursor` and `limit` those after the cursor. The id stays
 * any string, as it always was: one that is not a ticket's is "Ticket not found".
 */
export const ticketMailListQuerySchema = z.object({ id: z.string(), ...optionalPageParams });
/** GET /api/tickets/{id}/mails/page. */
export const ticketMailPageQuerySchema = z.object({ id: z.string(), ...pageParams(TICKET_MAIL_PAGE_SIZE) });
