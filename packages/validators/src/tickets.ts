// Tickets (docs/product-spec.md §3 to §5): what the client, public and staff forms send, the staff list's
// query and the staff's other changes (edits, bulk changes, merges, links, the device), and a ticket as the
// staff and the client read it. Dates are ISO strings, since no transformer is used on the wire.
import { z } from "zod";
import {
  publicTicketTypeSchema,
  slaStateSchema,
  ticketLinkKindSchema,
  ticketPrioritySchema,
  ticketSourceSchema,
  ticketStatusSchema,
  ticketTypeSchema,
} from "./enums.js";
import { MIN_LENGTHS, STAFF_TICKET_PAGE_SIZE, TICKET_TAG_LIMITS, MAX_LENGTHS } from "./constants.js";
import { TICKET_SORTS, TICKET_VIEWS } from "./ticket-views.js";
import { text } from "./text.js";
import { attachmentIdsSchema, attachmentSchema } from "./attachments.js";
import { clientCommentSchema, staffCommentSchema } from "./comments.js";
import { email, idText, optionalText, required } from "./fields.js";
import { MAX_PAGE_SIZE, optionalPageParams, pageParams, pageSchema } from "./paging.js";
import {
  CLIENT_STATUS_FILTERS,
  CLIENT_TICKET_PAGE_SIZE,
  CLIENT_TICKET_SORTS,
  type ClientStatusFilter,
  type ClientTicketSort,
} from "./client-ticket-list.js";
import { basedOnVersion, isoTimestamp, quantity, rowVersion } from "./wire.js";

const ticketTitle = text(MAX_LENGTHS.title, "Title must be at least 5 characters")
  .trim()
  .min(MIN_LENGTHS.ticketTitle, "Title must be at least 5 characters");
const ticketDescription = text(MAX_LENGTHS.description, "Description must be at least 20 characters")
  .trim()
  .min(MIN_LENGTHS.ticketDescription, "Description must be at least 20 characters");

/** A tag: a short word, never empty. */
const tag = (message?: string) => text(TICKET_TAG_LIMITS.maxLength).trim().min(1, message);
const tagList = () => z.array(tag()).max(TICKET_TAG_LIMITS.maxTags);

// ---- Inputs ----

// Client tickets (docs/product-spec.md §5).
export const clientTicketCreateInputSchema = z.object({
  title: ticketTitle,
  description: ticketDescription,
  type: ticketTypeSchema.default("REQUEST"),
  priority: ticketPrioritySchema.default("P3"),
  requesterName: required("Your name is required", MAX_LENGTHS.name),
  requesterEmail: email("Valid email is required"),
  attachments: attachmentIdsSchema,
  /** The company's device the ticket is about (docs/features.md §8); sent only when one is chosen. */
  deviceId: idText().optional(),
});
export type ClientTicketCreateInput = z.infer<typeof clientTicketCreateInputSchema>;

export const clientTicketUpdateInputSchema = z.object({
  title: ticketTitle.optional(),
  description: ticketDescription.optional(),
  priority: ticketPrioritySchema.optional(),
  version: basedOnVersion(),
});
export type ClientTicketUpdateInput = z.infer<typeof clientTicketUpdateInputSchema>;

// The public form (docs/product-spec.md §5).
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

// Staff tickets (docs/product-spec.md §5: browser-level required fields, no length limits).
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
  tags: tagList().default([]),
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
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(STAFF_TICKET_PAGE_SIZE),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

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
  tags: tagList().optional(),
  version: basedOnVersion(),
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
    addTag: tag("A tag cannot be empty").optional(),
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
export type TicketDeviceUpdateInput = z.infer<typeof ticketDeviceUpdateInputSchema>;

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
  tags: z.array(text(TICKET_TAG_LIMITS.maxLength)).max(TICKET_TAG_LIMITS.maxTags).optional(),
  /** Public form's honeypot. */
  website: text(MAX_LENGTHS.short).optional(),
  /** Ids of the caller's uploads (POST /api/attachments). */
  attachments: attachmentIdsSchema,
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

/** A page of a ticket's mails (staff): more than most tickets ever cause, so most show in one. */
export const TICKET_MAIL_PAGE_SIZE = 20;

/**
 * GET /api/tickets/{id}/mails: every mail, or with `cursor` and `limit` those after the cursor. The id stays
 * any string, as it always was: one that is not a ticket's is "Ticket not found".
 */
export const ticketMailListQuerySchema = z.object({ id: z.string(), ...optionalPageParams });
/** GET /api/tickets/{id}/mails/page. */
export const ticketMailPageQuerySchema = z.object({ id: z.string(), ...pageParams(TICKET_MAIL_PAGE_SIZE) });

// ---- Outputs ----

export const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const statusStepSchema = z.object({ status: ticketStatusSchema, at: isoTimestamp() });

export const expectationsSchema = z.object({
  /** When our first answer came, null until then. */
  firstResponseAt: isoTimestamp().nullable(),
  /** When the first answer is due, while none has come and the ticket is open. */
  respondBy: isoTimestamp().nullable(),
  /** When the ticket is due to be resolved, while it is open and its clock runs. */
  resolveBy: isoTimestamp().nullable(),
  /** The clock stands still: the ticket waits on the client, is on hold, or is finished. */
  paused: z.boolean(),
  /** The targets of the ticket's priority, and whether they count business hours only. */
  target: z.object({
    firstResponseMinutes: quantity(),
    resolutionMinutes: quantity(),
    businessHours: z.boolean(),
  }),
});

export type StatusStep = z.infer<typeof statusStepSchema>;
export type Expectations = z.infer<typeof expectationsSchema>;

const ticketCoreSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: ticketTypeSchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  requesterName: z.string(),
  requesterEmail: z.string(),
  clientId: z.string(),
  tags: z.array(z.string()),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
  /** The ticket this duplicate was merged into (docs/features.md §8); null for every ticket not merged. */
  mergedIntoId: z.string().nullable(),
  version: rowVersion(),
});

/** The device a ticket is about, on the single-ticket reads (docs/features.md §8). */
export const ticketDeviceSchema = z.object({ id: z.string(), label: z.string(), assignedUser: z.string().nullable() });
export type TicketDevice = z.infer<typeof ticketDeviceSchema>;

export const staffTicketSchema = ticketCoreSchema.extend({
  assigneeId: z.string().nullable(),
  assignee: personSchema.nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: ticketSourceSchema,
  firstResponseAt: isoTimestamp().nullable(),
  resolvedAt: isoTimestamp().nullable(),
  closedAt: isoTimestamp().nullable(),
  responseDueAt: isoTimestamp().nullable(),
  resolutionDueAt: isoTimestamp().nullable(),
  /** ok / at_risk / overdue, kept current by writes and the SLA sweep. */
  slaState: slaStateSchema,
  /** The SLA clock stands still (waiting on the customer, on hold). */
  slaPaused: z.boolean(),
  /**
   * Held for review (docs/decisions/0027-held-intake.md): its sender is not verified; staff only, out of
   * the portal and every count until accepted. `heldReason` says why.
   */
  held: z.boolean(),
  heldReason: z.string().nullable(),
  /** Present on the single-ticket read, absent in lists. */
  comments: z.array(staffCommentSchema).optional(),
  /** The mail that opened the ticket (source email), on the single-ticket read. */
  mailId: z.string().nullable().optional(),
  /** Its files and its comments' files, on the single-ticket read. */
  attachments: z.array(attachmentSchema).optional(),
  /** The device it is about, on the single-ticket read. */
  device: ticketDeviceSchema.nullable().optional(),
  /** The duplicates merged into it, on the single-ticket read. */
  mergedFrom: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const clientTicketSchema = ticketCoreSchema.extend({
  assignee: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Public comments only; present on the single-ticket read. */
  comments: z.array(clientCommentSchema).optional(),
  /** The files of the ticket and of its public comments, on the single-ticket read. */
  attachments: z.array(attachmentSchema).optional(),
  /** The statuses it went through, oldest first, on the single-ticket read. */
  timeline: z.array(statusStepSchema).optional(),
  /** When to expect an answer (from the SLA), on the single-ticket read. */
  expectations: expectationsSchema.optional(),
  /** The device it is about, on the single-ticket read. */
  device: ticketDeviceSchema.nullable().optional(),
});
export type ClientTicket = z.infer<typeof clientTicketSchema>;

/** A page of the company's tickets, and how many tickets match the search and filter over every page. */
export const clientTicketPageSchema = pageSchema("tickets", clientTicketSchema).extend({ matching: quantity() });
export type ClientTicketPage = z.infer<typeof clientTicketPageSchema>;

/** The client dashboard's four counters (docs/product-spec.md §2). */
export const clientTicketCountsSchema = z.object({
  open: quantity(),
  inProgress: quantity(),
  resolved: quantity(),
  total: quantity(),
});
export type ClientTicketCounts = z.infer<typeof clientTicketCountsSchema>;

/** One entry of a ticket's audit history. */
export const ticketHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  /** The merged duplicate this entry was first written on (docs/features.md §8); null for the ticket's own. */
  mergedFromId: z.string().nullable(),
  createdAt: isoTimestamp(),
});

/** A ticket's links to other tickets, each with the other ticket's title and state. */
export const ticketLinksSchema = z.object({
  links: z.array(
    z.object({
      id: z.string(),
      kind: ticketLinkKindSchema,
      label: z.string(),
      ticket: z.object({
        id: z.string(),
        title: z.string(),
        status: ticketStatusSchema,
        clientName: z.string().nullable(),
      }),
      createdAt: isoTimestamp(),
    }),
  ),
});
