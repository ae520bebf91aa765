// Ticket payloads: the staff view (everything, internal notes included) and the client view (no internal
// comments, no staff-only fields), filled from the rows. Their schemas are @repo/validators' (tickets.ts,
// comments.ts). Dates are ISO strings, since no transformer is used on the wire.
import type { tickets, ticketComments } from "@repo/db";
import type {
  Attachment,
  ClientComment,
  ClientTicket,
  Expectations,
  Person,
  StaffComment,
  StaffTicket,
  StatusStep,
  TicketDevice,
} from "@repo/validators";

/** A ticket as the payloads read it: every column but the search document. */
export type TicketRow = Omit<typeof tickets.$inferSelect, "searchVector">;
export type CommentRow = typeof ticketComments.$inferSelect;
/** The columns both views share (`core`): all a client's view of a ticket reads from the row. */
export const CORE_TICKET_FIELDS = [
  "id",
  "title",
  "description",
  "type",
  "priority",
  "status",
  "requesterName",
  "requesterEmail",
  "clientId",
  "tags",
  "createdAt",
  "updatedAt",
  "mergedIntoId",
  "version",
] as const;
export type CoreTicketRow = Pick<TicketRow, (typeof CORE_TICKET_FIELDS)[number]>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The fields both views share. The views add theirs with Object.assign, not as `{ ...core(row), more }`:
 * V8 builds a spread followed by more keys slowly, and in the staff list that cost 25 to 45 µs a ticket
 * (half a millisecond a page), against 2 µs for this (docs/decisions/0021-patched-dependencies.md).
 */
function core(row: CoreTicketRow) {
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
    version: row.version,
  };
}

export function toStaffComment(c: CommentRow & { mailId?: string | null }): StaffComment {
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

export function toClientComment(c: CommentRow): ClientComment {
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
    device?: TicketDevice | null;
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
    slaPaused: row.status === "WAITING_CUSTOMER" || row.status === "ON_HOLD" || row.held,
    held: row.held,
    heldReason: row.heldReason,
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
  row: CoreTicketRow,
  extras: {
    assignee?: { name: string; email: string } | null;
    comments?: CommentRow[];
    attachments?: Attachment[];
    timeline?: StatusStep[];
    expectations?: Expectations;
    device?: TicketDevice | null;
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
