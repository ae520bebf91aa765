// Time entries (docs/features.md §10): minutes a staff member worked on a Toronto day, on a ticket or on
// none. A person changes their own (an admin anyone's) until the entry is approved or its week is
// submitted; an AGENT reads their own time, and others' on a ticket.
import {
  type SQL,
  and,
  asc,
  eq,
  gte,
  isUuid,
  lte,
  sql,
  tickets,
  timeEntries,
  timesheets,
  users,
  workTypes,
  type Database,
  type DbExecutor,
} from "@repo/db";
import {
  type TimeEntry,
  type TimeEntryCreateInput,
  type TimeEntryUpdateInput,
  type TimesheetStatus,
  ticketReference,
  weekStartOf,
} from "@repo/validators";
import type { SessionUser } from "../auth/session.js";

/** Who reads or writes time: only their id and role matter. */
export type TimeReader = Pick<SessionUser, "id" | "role">;
import { ConflictError, ForbiddenError, NotFoundError, StaleVersionError } from "../errors.js";
import { usableWorkType } from "./work-types.js";

/** The Monday of an entry's week, as timesheets.week_start holds it (PostgreSQL's weeks start on Monday). */
const weekOfEntry = sql`(date_trunc('week', ${timeEntries.workDate}::timestamp))::date`;

const entryColumns = {
  entry: timeEntries,
  userName: users.name,
  workTypeName: workTypes.name,
  weekStatus: timesheets.status,
};
type EntryRow = {
  entry: typeof timeEntries.$inferSelect;
  userName: string;
  workTypeName: string;
  weekStatus: TimesheetStatus | null;
};

/** Entries with their person's and work type's names and their week's status, in day order. */
export function selectEntries(db: DbExecutor, where: SQL | undefined): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .innerJoin(workTypes, eq(workTypes.id, timeEntries.workTypeId))
    .leftJoin(timesheets, and(eq(timesheets.userId, timeEntries.userId), sql`${timesheets.weekStart} = ${weekOfEntry}`))
    .where(where)
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt), asc(timeEntries.id));
}

/** A submitted or approved week takes no new time and no change. */
const weekLocked = (status: TimesheetStatus | null | undefined) => status === "submitted" || status === "approved";

function lockMessage(status: TimesheetStatus): string {
  return status === "approved"
    ? "This week is approved: its time is locked"
    : "This week is submitted: ask an admin to return it before changing its time";
}

export function toTimeEntry(row: EntryRow, reader: TimeReader): TimeEntry {
  const { entry } = row;
  const mine = reader.role === "ADMIN" || reader.id === entry.userId;
  return {
    id: entry.id,
    userId: entry.userId,
    userName: row.userName,
    ticketId: entry.ticketId,
    ticketReference: entry.ticketReference,
    ticketTitle: entry.ticketTitle,
    clientId: entry.clientId,
    date: entry.workDate,
    minutes: entry.minutes,
    startedAt: entry.startedAt?.toISOString() ?? null,
    endedAt: entry.endedAt?.toISOString() ?? null,
    workTypeId: entry.workTypeId,
    workTypeName: row.workTypeName,
    billable: entry.billable,
    note: entry.note,
    noteVisibility: entry.noteVisibility,
    approved: entry.approvedAt !== null,
    invoiced: entry.invoicedAt !== null,
    editable: mine && reader.role !== "VIEWER" && entry.approvedAt === null && !weekLocked(row.weekStatus),
    createdAt: entry.createdAt.toISOString(),
    version: entry.version,
  };
}

export interface EntryQuery {
  userId?: string;
  ticketId?: string;
  from?: string;
  to?: string;
}

/** An AGENT reads their own time, and everyone's on a ticket; an ADMIN and a VIEWER read all of it. */
export async function listEntries(db: DbExecutor, reader: TimeReader, query: EntryQuery) {
  let userId = query.userId;
  if (reader.role === "AGENT" && !query.ticketId) {
    if (userId && userId !== reader.id) throw new ForbiddenError("Agents read other people's time only on a ticket");
    userId = reader.id;
  }
  const rows = await selectEntries(
    db,
    and(
      userId ? eq(timeEntries.userId, userId) : undefined,
      query.ticketId ? eq(timeEntries.ticketId, query.ticketId) : undefined,
      query.from ? gte(timeEntries.workDate, query.from) : undefined,
      query.to ? lte(timeEntries.workDate, query.to) : undefined,
    ),
  );
  const entries = rows.map((row) => toTimeEntry(row, reader));
  return { entries, totalMinutes: entries.reduce((sum, e) => sum + e.minutes, 0) };
}

export async function readEntry(db: DbExecutor, id: string, reader: TimeReader): Promise<TimeEntry> {
  if (!isUuid(id)) throw NotFoundError.of("Time entry");
  const [row] = await selectEntries(db, eq(timeEntries.id, id));
  if (!row) throw NotFoundError.of("Time entry");
  return toTimeEntry(row, reader);
}

/** The status of a person's week, or null while it is open (no timesheet row). */
export async function weekStatus(db: DbExecutor, userId: string, day: string): Promise<TimesheetStatus | null> {
  const [row] = await db
    .select({ status: timesheets.status })
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.weekStart, weekStartOf(day))));
  return row?.status ?? null;
}

async function refuseLockedWeek(db: DbExecutor, userId: string, day: string): Promise<void> {
  const status = await weekStatus(db, userId, day);
  if (status && weekLocked(status)) throw new ConflictError(lockMessage(status));
}

/** What an entry copies from its ticket: the reference and title (kept if the ticket goes) and the company. */
async function ticketCopy(db: DbExecutor, ticketId: string | null | undefined) {
  if (!ticketId) return { ticketId: null, ticketReference: null, ticketTitle: null, clientId: null };
  const [ticket] = await db
    .select({ id: tickets.id, title: tickets.title, clientId: tickets.clientId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw NotFoundError.of("Ticket");
  return {
    ticketId,
    ticketReference: ticketReference(ticket.id),
    ticketTitle: ticket.title,
    clientId: ticket.clientId,
  };
}

export interface RecordedSpan {
  startedAt: Date;
  endedAt: Date;
}

/** Records the caller's own time; `span` when a timer measured it. */
export async function createEntry(
  db: DbExecutor,
  reader: TimeReader,
  input: TimeEntryCreateInput,
  span?: RecordedSpan,
): Promise<TimeEntry> {
  await refuseLockedWeek(db, reader.id, input.date);
  const workType = await usableWorkType(db, input.workTypeId);
  const [row] = await db
    .insert(timeEntries)
    .values({
      userId: reader.id,
      ...(await ticketCopy(db, input.ticketId)),
      workDate: input.date,
      minutes: input.minutes,
      startedAt: span?.startedAt,
      endedAt: span?.endedAt,
      workTypeId: workType.id,
      billable: input.billable ?? workType.defaultBillable,
      note: input.note ?? "",
      noteVisibility: input.noteVisibility ?? "internal",
    })
    .returning({ id: timeEntries.id });
  return readEntry(db, row!.id, reader);
}

/** The entry, locked for a change by `reader`: their own (an admin's any), not approved, its week open. */
async function changeable(db: DbExecutor, reader: TimeReader, id: string, version?: number) {
  if (!isUuid(id)) throw NotFoundError.of("Time entry");
  const [entry] = await db.select().from(timeEntries).where(eq(timeEntries.id, id)).for("update");
  if (!entry) throw NotFoundError.of("Time entry");
  if (reader.role !== "ADMIN" && entry.userId !== reader.id)
    throw new ForbiddenError("You can change only your own time");
  if (entry.approvedAt) throw new ConflictError("Approved time cannot be changed");
  if (version !== undefined && entry.version !== version) throw new StaleVersionError("time entry");
  await refuseLockedWeek(db, entry.userId, entry.workDate);
  return entry;
}

export async function updateEntry(db: Database, reader: TimeReader, input: TimeEntryUpdateInput): Promise<TimeEntry> {
  return db.transaction(async (tx) => {
    const entry = await changeable(tx, reader, input.id, input.version);
    if (input.date && input.date !== entry.workDate) await refuseLockedWeek(tx, entry.userId, input.date);
    const workType = input.workTypeId ? await usableWorkType(tx, input.workTypeId) : undefined;
    await tx
      .update(timeEntries)
      .set({
        ...(input.ticketId !== undefined ? await ticketCopy(tx, input.ticketId) : {}),
        ...(input.date ? { workDate: input.date } : {}),
        ...(input.minutes !== undefined ? { minutes: input.minutes, startedAt: null, endedAt: null } : {}),
        ...(workType ? { workTypeId: workType.id } : {}),
        ...(input.billable !== undefined ? { billable: input.billable } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.noteVisibility ? { noteVisibility: input.noteVisibility } : {}),
      })
      .where(eq(timeEntries.id, entry.id));
    return readEntry(tx, entry.id, reader);
  });
}

export async function deleteEntry(db: Database, reader: TimeReader, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await changeable(tx, reader, id);
    await tx.delete(timeEntries).where(eq(timeEntries.id, entry.id));
  });
}
