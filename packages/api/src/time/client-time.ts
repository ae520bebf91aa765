// What a client sees of the time on its tickets (docs/features.md §10): nothing unless its company's
// setting shows time; then the billable entries of its own tickets, with the notes written for it.
import {
  and,
  asc,
  clients,
  eq,
  isUuid,
  gte,
  lt,
  sql,
  tickets,
  timeEntries,
  workTypes,
  type DbExecutor,
} from "@repo/db";
import { companyFilter } from "../auth/scope.js";
import type { CompanyScope } from "../auth/scope.js";
import { NotFoundError } from "../errors.js";

async function shown(db: DbExecutor, scope: CompanyScope): Promise<boolean> {
  const [company] = await db
    .select({ show: clients.showTimeToClient })
    .from(clients)
    .where(eq(clients.id, scope.clientId));
  return company?.show ?? false;
}

export async function clientTicketTime(db: DbExecutor, scope: CompanyScope, ticketId: string) {
  if (!isUuid(ticketId)) throw NotFoundError.of("Ticket");
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), companyFilter(scope, tickets.clientId), eq(tickets.held, false)));
  if (!ticket) throw NotFoundError.of("Ticket");
  if (!(await shown(db, scope))) return { shown: false, billableMinutes: 0, entries: [] };
  const rows = await db
    .select({ entry: timeEntries, workType: workTypes.name })
    .from(timeEntries)
    .innerJoin(workTypes, eq(workTypes.id, timeEntries.workTypeId))
    .where(
      and(
        eq(timeEntries.ticketId, ticketId),
        companyFilter(scope, timeEntries.clientId),
        eq(timeEntries.billable, true),
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt));
  const entries = rows.map(({ entry, workType }) => ({
    date: entry.workDate,
    minutes: entry.minutes,
    workTypeName: workType,
    note: entry.noteVisibility === "client" ? entry.note : "",
  }));
  return { shown: true, billableMinutes: entries.reduce((sum, e) => sum + e.minutes, 0), entries };
}

/** The company's billable hours of a month by ticket, for the portal's summary. */
export async function clientMonthSummary(db: DbExecutor, scope: CompanyScope, month: string) {
  if (!(await shown(db, scope))) return { shown: false, month, totalMinutes: 0, tickets: [] };
  const from = `${month}-01`;
  const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const rows = await db
    .select({
      ticketId: timeEntries.ticketId,
      ticketReference: timeEntries.ticketReference,
      ticketTitle: timeEntries.ticketTitle,
      minutes: sql<number>`sum(${timeEntries.minutes})::int`,
    })
    .from(timeEntries)
    .where(
      and(
        companyFilter(scope, timeEntries.clientId),
        eq(timeEntries.billable, true),
        gte(timeEntries.workDate, from),
        lt(timeEntries.workDate, to),
      ),
    )
    .groupBy(timeEntries.ticketId, timeEntries.ticketReference, timeEntries.ticketTitle)
    .orderBy(asc(timeEntries.ticketReference));
  return { shown: true, month, totalMinutes: rows.reduce((sum, r) => sum + r.minutes, 0), tickets: rows };
}
