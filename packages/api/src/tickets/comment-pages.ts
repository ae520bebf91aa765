// A ticket's comments a page at a time (docs/performance.md §4), oldest first as on the ticket, for staff (internal
// notes included) and for the client (its company's ticket, public comments only), with how many
// there are in all, counted in SQL. The cursor is a comment of the same ticket the caller may read.
import { and, count, eq, inboundMails, isUuid, ticketComments, tickets, type DbExecutor, type SQL } from "@repo/db";
import { assertCursor, byCreation, pageOf, type TicketPageQuery } from "../lib/keyset.js";
import { assertTicketExists, ticketNotFound } from "./queries.js";
import type { Scope } from "../auth/scope.js";
import { ticketsInScope } from "./in-scope.js";
import type { ClientCommentPage, StaffCommentPage } from "@repo/validators";
import { toClientComment, toStaffComment } from "./serialize.js";

const ORDER = byCreation(ticketComments, "asc");

async function commentRows(db: DbExecutor, readable: SQL | undefined, query: TicketPageQuery) {
  const scope = and(eq(ticketComments.ticketId, query.id), readable);
  if (query.cursor !== undefined) await assertCursor(db, ticketComments, query.cursor, scope, "comments");
  const rows = db
    .select({ comment: ticketComments, mailId: inboundMails.id })
    .from(ticketComments)
    .leftJoin(inboundMails, eq(inboundMails.commentId, ticketComments.id))
    .where(and(scope, query.cursor === undefined ? undefined : ORDER.after(query.cursor)))
    .orderBy(...ORDER.orderBy);
  const [found, [counted]] = await Promise.all([
    query.limit === undefined ? rows : rows.limit(query.limit + 1),
    db.select({ n: count() }).from(ticketComments).where(scope),
  ]);
  const page = pageOf(found, query.limit ?? found.length, (r) => r.comment.id);
  return { ...page, total: counted?.n ?? 0 };
}

/** Staff: every comment of the ticket, internal notes included; "Ticket not found" for an unknown ticket. */
export async function staffCommentPage(
  db: DbExecutor,
  scope: Scope,
  query: TicketPageQuery,
): Promise<StaffCommentPage> {
  await assertTicketExists(db, scope, query.id);
  const { rows, nextCursor, total } = await commentRows(db, undefined, query);
  return { comments: rows.map((r) => toStaffComment({ ...r.comment, mailId: r.mailId })), nextCursor, total };
}

/** A client: the public comments of one of its company's tickets; any other ticket is not found. */
export async function clientCommentPage(
  db: DbExecutor,
  scope: Scope,
  query: TicketPageQuery,
): Promise<ClientCommentPage> {
  const [ticket] = isUuid(query.id)
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, query.id), ticketsInScope(scope)))
    : [];
  if (!ticket) throw ticketNotFound();
  const { rows, nextCursor, total } = await commentRows(db, eq(ticketComments.internal, false), query);
  return { comments: rows.map((r) => toClientComment(r.comment)), nextCursor, total };
}
