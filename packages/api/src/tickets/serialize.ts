// Ticket payloads: the staff view (everything, internal notes included) and the client view (no internal
// comments, no staff-only fields). Output schemas sit next to the serializers that fill them. Dates are
// ISO strings, since no transformer is used on the wire.
import { z } from "zod";
import type { tickets, ticketComments } from "@repo/db";
import {
  isoTimestamp,
  slaStateSchema,
  ticketPrioritySchema,
  ticketSourceSchema,
  ticketStatusSchema,
  ticketTypeSchema,
  pageSchema,
  quantity,
} from "@repo/validators";
import { expectationsSchema, statusStepSchema, type Expectations, type StatusStep } from "./client-progress.js";

/** A ticket as the payloads read it: every column but the search document. */
export type TicketRow = Omit<typeof tickets.$inferSelect, "searchVector">;
export type CommentRow = typeof ticketComments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const staffCommentSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  /** Where it was written: client (portal), staff, email. */
  source: ticketSourceSchema,
  content: z.string(),
  internal: z.boolean(),
  /** The mail it came from (GET /api/mail/inbound/{mailId} is the original), null otherwise. */
  mailId: z.string().nullable(),
  createdAt: isoTimestamp(),
});

/** A file on the ticket (commentId null) or on one of its comments; GET /api/attachments/{id} serves it. */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: quantity(),
  commentId: z.string().nullable(),
  inline: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What a client sees of a comment: who wrote what, and when; nothing staff-only. */
export const clientCommentSchema = staffCommentSchema.pick({
  id: true,
  authorName: true,
  content: true,
  createdAt: true,
});

/** A page of a ticket's comments: the comments, the next page's cursor, and how many there are in all. */
const commentPageOf = <T extends z.ZodType>(comment: T) =>
  pageSchema("comments", comment).extend({ total: quantity() });
export const staffCommentPageSchema = commentPageOf(staffCommentSchema);
export const clientCommentPageSchema = commentPageOf(clientCommentSchema);

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
  /** The ticket this duplicate was merged into (issue 15); null for every ticket not merged. */
  mergedIntoId: z.string().nullable(),
});

/** The device a ticket is about, on the single-ticket reads (issue 15). */
export const ticketDeviceSchema = z.object({ id: z.string(), label: z.string(), assignedUser: z.string().nullable() });

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

/**
 * The fields both views share. The views add theirs with Object.assign, not as `{ ...core(row), more }`:
 * V8 builds a spread followed by more keys slowly, and in the staff list that cost 25 to 45 µs a ticket
 * (half a millisecond a page), against 2 µs for this (docs/decisions/0021-patched-dependencies.md).
 */
function core(row: TicketRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    status: row.status,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    clientId: row.clientId,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mergedIntoId: row.mergedIntoId,
  };
}

export function toStaffComment(c: CommentRow & { mailId?: string | null }): z.infer<typeof staffCommentSchema> {
  return {
    id: c.id,
    ticketId: c.ticketId,
    authorId: c.authorId,
    authorName: c.authorName,
    source: c.source,
    content: c.content,
    internal: c.internal,
    mailId: c.mailId ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toClientComment(c: CommentRow): z.infer<typeof clientCommentSchema> {
  return { id: c.id, authorName: c.authorName, content: c.content, createdAt: c.createdAt.toISOString() };
}

export function toStaffTicket(
  row: TicketRow,
  extras: {
    client?: { id: string; name: string } | null;
    assignee?: Person | null;
    comments?: (CommentRow & { mailId?: string | null })[];
    mailId?: string | null;
    attachments?: Attachment[];
    device?: z.infer<typeof ticketDeviceSchema> | null;
    mergedFrom?: { id: string; title: string }[];
  } = {},
): StaffTicket {
  const ticket: StaffTicket = Object.assign(core(row), {
    assigneeId: row.assigneeId,
    assignee: extras.assignee ?? null,
    client: extras.client ?? null,
    source: row.source,
    firstResponseAt: iso(row.firstResponseAt),
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    responseDueAt: iso(row.responseDueAt),
    resolutionDueAt: iso(row.resolutionDueAt),
    slaState: row.slaState,
    slaPaused: row.status === "WAITING_CUSTOMER" || row.status === "ON_HOLD",
  });
  // The single-ticket read's parts; a list's tickets carry none of them.
  if (extras.comments) ticket.comments = extras.comments.map(toStaffComment);
  if (extras.mailId !== undefined) ticket.mailId = extras.mailId;
  if (extras.attachments) ticket.attachments = extras.attachments;
  if (extras.device !== undefined) ticket.device = extras.device;
  if (extras.mergedFrom) ticket.mergedFrom = extras.mergedFrom;
  return ticket;
}

/** The client view: internal comments are dropped here even if a caller passed them in. */
export function toClientTicket(
  row: TicketRow,
  extras: {
    assignee?: { name: string; email: string } | null;
    comments?: CommentRow[];
    attachments?: Attachment[];
    timeline?: StatusStep[];
    expectations?: Expectations;
    device?: z.infer<typeof ticketDeviceSchema> | null;
  } = {},
): ClientTicket {
  const { timeline, expectations, device } = extras;
  const ticket: ClientTicket = Object.assign(core(row), {
    assignee: extras.assignee ? { name: extras.assignee.name, email: extras.assignee.email } : null,
  });
  if (extras.comments) ticket.comments = extras.comments.filter((c) => !c.internal).map(toClientComment);
  if (extras.attachments) ticket.attachments = extras.attachments;
  if (timeline) ticket.timeline = timeline;
  if (expectations) ticket.expectations = expectations;
  if (device !== undefined) ticket.device = device;
  return ticket;
}
