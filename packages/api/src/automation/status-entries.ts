// When each ticket entered the status it is in: the last audit row that moved it there (its creation's
// row counts), or its creation. A merged duplicate's history moved onto a ticket is not that ticket's.
import { and, auditLogs, eq, getTableColumns, inArray, isNull, sql, tickets, type DbExecutor, type SQL } from "@repo/db";
import type { TicketStatus } from "@repo/validators";
import type { TicketRow } from "../tickets/serialize.js";

const enteredAt = sql<Date>`coalesce((
  select max(${auditLogs.createdAt}) from ${auditLogs}
  where ${auditLogs.ticketId} = ${tickets.id} and ${isNull(auditLogs.mergedFromId)}
    and ${auditLogs.changes} -> 'status' ->> 'to' = ${tickets.status}::text
), ${tickets.createdAt})`.mapWith((v: string | Date) => new Date(v));

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
