// When each ticket entered the status it is in: the last audit row that moved it there (its creation's
// row counts), or its creation. A merged duplicate's history moved onto a ticket is not that ticket's.
import { and, auditLogs, eq, getTableColumns, inArray, sql, tickets, type DbExecutor, type SQL } from "@repo/db";
import type { TicketStatus } from "@repo/validators";
import type { TicketRow } from "../tickets/serialize.js";

// Qualified by hand: drizzle writes a one-table query's columns bare, and inside the subquery a bare "id"
// or "created_at" would be the audit row's own.
const ticket = (column: string) => sql`${sql.identifier("tickets")}.${sql.identifier(column)}`;
const enteredAt = sql<Date>`coalesce((
  select max(a.created_at) from ${auditLogs} a
  where a.ticket_id = ${ticket("id")} and a.merged_from_id is null
    and a.changes -> 'status' ->> 'to' = ${ticket("status")}::text
), ${ticket("created_at")})`.mapWith((v: string | Date) => new Date(v));

export interface TicketInStatus {
  ticket: TicketRow;
  enteredAt: Date;
}

const { searchVector: _searchVector, ...ticketColumns } = getTableColumns(tickets);

async function select(db: DbExecutor, where: SQL | undefined): Promise<TicketInStatus[]> {
  const rows = await db
    .select({ ticket: ticketColumns, enteredAt })
    .from(tickets)
    .where(and(eq(tickets.held, false), where));
  return rows;
}

/** The tickets in `status` since at least `enteredBy` (working time is never more than wall time). */
export const ticketsInStatusSince = (db: DbExecutor, status: TicketStatus, enteredBy: Date) =>
  select(db, and(eq(tickets.status, status), sql`${enteredAt} <= ${enteredBy.toISOString()}::timestamptz`));

/** The entry times of given tickets into the status they are in. */
export async function entryTimes(db: DbExecutor, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await select(db, inArray(tickets.id, ids));
  return new Map(rows.map((r) => [r.ticket.id, r.enteredAt]));
}
