// Ticket reads: the staff list with search and filters, and single tickets in the staff and client views.
// A client read always carries its company in the WHERE clause: another company's ticket is not found.
import { ticketAttachments } from "../files/attachments.js";
import {
  and,
  asc,
  type auditLogs,
  type outbox,
  clients,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  or,
  inboundMails,
  sql,
  ticketComments,
  tickets,
  users,
  isUuid,
  containsPattern,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import type { TicketListQuery } from "@repo/validators";
import { NotFoundError } from "../errors.js";
import { expectations, statusTimeline } from "./client-progress.js";
import { ticketOrder, viewWhere, type ViewerContext } from "../views/queues.js";
import { ticketDeviceOf } from "./ticket-device.js";
import { toClientTicket, toStaffTicket, type ClientTicket, type StaffTicket } from "./serialize.js";

export const ticketNotFound = () => NotFoundError.of("Ticket");

/** Staff reads of a ticket's mails or history: "Ticket not found" unless the ticket exists. */
export async function assertTicketExists(db: DbExecutor, id: string): Promise<void> {
  const [ticket] = isUuid(id) ? await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id)) : [];
  if (!ticket) throw ticketNotFound();
}

/**
 * A ticket's mails or audit log, by time (ties broken by id, which is time-ordered too), for the staff
 * views of one ticket: "Ticket not found" rather than an empty list when the ticket does not exist.
 */
export async function ticketRecords<T extends typeof outbox | typeof auditLogs>(
  db: DbExecutor,
  table: T,
  ticketId: string,
  order: "oldest first" | "newest first",
): Promise<T["$inferSelect"][]> {
  await assertTicketExists(db, ticketId);
  const by = order === "oldest first" ? asc : desc;
  // drizzle cannot type a select from a generic table; from the union it can, and T names the row type.
  const source: typeof outbox | typeof auditLogs = table;
  const rows = await db
    .select()
    .from(source)
    .where(eq(source.ticketId, ticketId))
    .orderBy(by(source.createdAt), by(source.id));
  return rows as T["$inferSelect"][];
}

export const assigneeColumns = { id: users.id, name: users.name, email: users.email };

/** How much of a description a list carries; the ticket itself has all of it. */
export const LIST_DESCRIPTION_CHARS = 300;

/**
 * A ticket's columns as lists read them: the description cut to an excerpt in SQL, so a list of long
 * tickets stays small on the wire and in memory.
 */
export const listedTicket = {
  ...getTableColumns(tickets),
  description: sql<string>`case when length(${tickets.description}) > ${LIST_DESCRIPTION_CHARS}
    then left(${tickets.description}, ${LIST_DESCRIPTION_CHARS - 1}) || '…' else ${tickets.description} end`,
};

/** The text the trigram index `tickets_search_trgm` covers: the same expression, so the index is used. */
const searchText = sql`(${tickets.title} || ' ' || ${tickets.description} || ' ' || ${tickets.requesterName} || ' ' || ${tickets.requesterEmail})`;

/** A ticket's reference as people type it: its id's last 8 hex digits, "#" optional. */
const REFERENCE = /^#?([0-9a-f]{8})$/i;

/**
 * The search: the text, or a ticket's reference ("#1a2b3c4d", as the screens show it), so the merge and
 * link pickers find a ticket by its number. Only a query shaped like a reference reads the ids.
 */
function searchWhere(q: string): SQL | undefined {
  const reference = REFERENCE.exec(q)?.[1];
  const text = ilike(searchText, containsPattern(q));
  return reference ? or(text, sql`${tickets.id}::text like ${`%${reference.toLowerCase()}`}`) : text;
}

export function ticketListWhere(
  query: Pick<TicketListQuery, "q" | "status" | "priority" | "view">,
  who: ViewerContext,
): SQL | undefined {
  return and(
    query.view ? viewWhere(query.view, who) : undefined,
    query.q ? searchWhere(query.q) : undefined,
    query.status && query.status !== "all" ? eq(tickets.status, query.status) : undefined,
    query.priority && query.priority !== "all" ? eq(tickets.priority, query.priority) : undefined,
  );
}

/**
 * The list counts matches up to this many. An exact count of a broad search over a million tickets costs
 * hundreds of milliseconds and nobody pages through 500 pages; past the cap the list says "10,000+".
 */
export const TICKET_COUNT_CAP = 10_000;

/** The staff list: `who` is the caller, for the "My open tickets" view and the moment "Overdue" is judged at. */
export async function listStaffTickets(db: DbExecutor, query: TicketListQuery, who: ViewerContext) {
  const where = ticketListWhere(query, who);
  const matches = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(where)
    .limit(TICKET_COUNT_CAP + 1)
    .as("matches");
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ticket: listedTicket, client: { id: clients.id, name: clients.name }, assignee: assigneeColumns })
      .from(tickets)
      .leftJoin(clients, eq(tickets.clientId, clients.id))
      .leftJoin(users, eq(tickets.assigneeId, users.id))
      .where(where)
      .orderBy(...ticketOrder(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(matches),
  ]);
  const n = counted?.n ?? 0;
  return {
    tickets: rows.map((r) => toStaffTicket(r.ticket, { client: r.client, assignee: r.assignee })),
    total: Math.min(n, TICKET_COUNT_CAP),
    /** true when there are more matches than `total` says. */
    totalCapped: n > TICKET_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getStaffTicket(db: DbExecutor, id: string): Promise<StaffTicket> {
  if (!isUuid(id)) throw ticketNotFound();
  // Six reads, none needing another's answer: sent together, they cost one wait on the database, not six.
  const [[row], rows, [opening], attachments, device, mergedFrom] = await Promise.all([
    db
      .select({ ticket: tickets, client: { id: clients.id, name: clients.name }, assignee: assigneeColumns })
      .from(tickets)
      .leftJoin(clients, eq(tickets.clientId, clients.id))
      .leftJoin(users, eq(tickets.assigneeId, users.id))
      .where(eq(tickets.id, id)),
    db
      .select({ comment: ticketComments, mailId: inboundMails.id })
      .from(ticketComments)
      .leftJoin(inboundMails, eq(inboundMails.commentId, ticketComments.id))
      .where(eq(ticketComments.ticketId, id))
      .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
    db
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(and(eq(inboundMails.ticketId, id), eq(inboundMails.outcome, "ticket"))),
    ticketAttachments(db, id, { forClient: false }),
    ticketDeviceOf(db, id),
    db
      .select({ id: tickets.id, title: tickets.title })
      .from(tickets)
      .where(eq(tickets.mergedIntoId, id))
      .orderBy(asc(tickets.createdAt), asc(tickets.id)),
  ]);
  if (!row) throw ticketNotFound();
  return toStaffTicket(row.ticket, {
    client: row.client,
    assignee: row.assignee,
    comments: rows.map((r) => ({ ...r.comment, mailId: r.mailId })),
    mailId: opening?.id ?? null,
    attachments,
    device,
    mergedFrom,
  });
}

/** A client's tickets, newest first, without comments. */
export async function listClientTickets(db: DbExecutor, clientId: string): Promise<ClientTicket[]> {
  const rows = await db
    .select({ ticket: listedTicket, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(eq(tickets.clientId, clientId))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  return rows.map((r) => toClientTicket(r.ticket, { assignee: r.assignee }));
}

/** One ticket of the client's company with its public comments; any other id is not found. */
export async function getClientTicket(db: DbExecutor, clientId: string, id: string): Promise<ClientTicket> {
  if (!isUuid(id)) throw ticketNotFound();
  const [row] = await db
    .select({ ticket: tickets, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(and(eq(tickets.id, id), eq(tickets.clientId, clientId)));
  if (!row) throw ticketNotFound();
  // The ticket is the company's (checked above); the rest is read together, one wait rather than five.
  const [comments, attachments, timeline, expected, device] = await Promise.all([
    db
      .select()
      .from(ticketComments)
      .where(and(eq(ticketComments.ticketId, id), eq(ticketComments.internal, false)))
      .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
    ticketAttachments(db, id, { forClient: true }),
    statusTimeline(db, row.ticket),
    expectations(db, row.ticket),
    ticketDeviceOf(db, row.ticket.id),
  ]);
  return toClientTicket(row.ticket, {
    assignee: row.assignee,
    comments,
    attachments,
    timeline,
    expectations: expected,
    device,
  });
}
