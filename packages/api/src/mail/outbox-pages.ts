// The outbox read by staff a page at a time (docs/performance.md §4): the whole outbox, or one ticket's mails, newest
// first in one keyset order, which the indexes `outbox (created_at, id)`, `(status, created_at, id)` and
// `(ticket_id, created_at, id)` hold ready (migration 0021): a page reads its rows, never the whole outbox.
import { and, type DbExecutor, eq, outbox, type SQL } from "@repo/db";
import type { OutboxStatus } from "@repo/validators";
import { assertCursor, byCreation, type Page, type PageQuery, pageOf, type TicketPageQuery } from "../lib/keyset.js";
import type { Scope } from "../auth/scope.js";
import { assertTicketExists } from "../tickets/queries.js";
import type { OutboxRow } from "./outbox.js";

/** Newest first, the id breaking ties (keyset pages neither lose nor repeat a mail). */
const OUTBOX_ORDER = byCreation(outbox, "desc");

/** The mails in `scope` after `cursor` (a mail of that scope, else a 400), newest first. */
async function mailRows(db: DbExecutor, scope: SQL | undefined, query: PageQuery) {
  if (query.cursor !== undefined) await assertCursor(db, outbox, query.cursor, scope, "mails");
  const rows = db
    .select()
    .from(outbox)
    .where(and(scope, query.cursor === undefined ? undefined : OUTBOX_ORDER.after(query.cursor)))
    .orderBy(...OUTBOX_ORDER.orderBy);
  const found = await (query.limit === undefined ? rows : rows.limit(query.limit + 1));
  return pageOf(found, query.limit ?? found.length, (row) => row.id);
}

/** The outbox, or the mails in one state: `limit` of them after `cursor`. */
export function outboxPage(
  db: DbExecutor,
  query: PageQuery & { status?: OutboxStatus; limit: number },
): Promise<Page<OutboxRow>> {
  return mailRows(db, query.status ? eq(outbox.status, query.status) : undefined, query);
}

/**
 * One ticket's mails (staff): all of them, or `limit` after `cursor`, which must be a mail of this ticket.
 * "Ticket not found" rather than an empty list when the ticket does not exist.
 */
export async function ticketMailPage(db: DbExecutor, query: TicketPageQuery, scope: Scope): Promise<Page<OutboxRow>> {
  await assertTicketExists(db, scope, query.id);
  return mailRows(db, eq(outbox.ticketId, query.id), query);
}
