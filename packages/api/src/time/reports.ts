// Time reports (docs/features.md §10), beside the help desk's: utilisation per person (billable, total,
// expected), hours per client per month, hours per work type, and the time not yet approved, over a range
// of Toronto days. Every figure is a sum of entries' whole minutes, read from the daily rollups (decision
// 0039) and grouped in SQL.
import {
  and,
  asc,
  clients,
  eq,
  gte,
  lte,
  sql,
  timeClientDays,
  timeEntries,
  timePersonDays,
  timeWorkTypeDays,
  users,
  workTypes,
  type DbExecutor,
  type SQLWrapper,
} from "@repo/db";
import { csvLine } from "../devices/csv.js";
import { workingCalendar } from "../sla/policies.js";
import { ForbiddenError } from "../errors.js";
import type { TimeReader } from "./entries.js";
import { readTimeSettings } from "./settings.js";

export interface TimeRange {
  from: string;
  to: string;
}

// The report reads the rollups, which triggers keep equal to sums over the entries; the CSV reads entries.
const daysInRange = (workDate: SQLWrapper, range: TimeRange) => and(gte(workDate, range.from), lte(workDate, range.to));
const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::int`;

/** The working days of the range by the SLA calendar (its work days, less its observed holidays). */
export async function workingDays(db: DbExecutor, range: TimeRange): Promise<number> {
  const { isWorkingDay } = await workingCalendar(db);
  let count = 0;
  for (let day = Date.parse(`${range.from}T00:00:00Z`); day <= Date.parse(`${range.to}T00:00:00Z`); day += 86_400_000) {
    if (isWorkingDay(new Date(day).toISOString().slice(0, 10))) count++;
  }
  return count;
}

/** Reports show everyone's time: an ADMIN's and a VIEWER's; an AGENT reads their own time, not these. */
export function requireReportReader(reader: TimeReader): void {
  if (reader.role === "AGENT" || reader.role === "CLIENT")
    throw new ForbiddenError("Time reports are for admins and viewers");
}

export async function timeReport(db: DbExecutor, reader: TimeReader, range: TimeRange) {
  requireReportReader(reader);
  const [settings, days] = await Promise.all([readTimeSettings(db), workingDays(db, range)]);
  const expectedMinutes = settings.expectedMinutesPerDay * days;
  // Days summed into months before the join: a year is up to 110,000 company-days (300 companies), and
  // grouping by the month's first day (a timestamp, no time zone) costs a third of grouping by its text.
  const monthStart = sql`date_trunc('month', ${timeClientDays.workDate}::timestamp)`;
  const companyMonths = db
    .select({
      clientId: timeClientDays.clientId,
      monthStart: sql<string>`${monthStart}`.as("month_start"),
      totalMinutes: total(timeClientDays.minutes).as("total_minutes"),
      billableMinutes: total(timeClientDays.billableMinutes).as("billable_minutes"),
    })
    .from(timeClientDays)
    .where(daysInRange(timeClientDays.workDate, range))
    .groupBy(timeClientDays.clientId, monthStart)
    .as("company_months");
  const [people, companies, kinds, [unapproved]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        totalMinutes: total(timePersonDays.minutes),
        billableMinutes: total(timePersonDays.billableMinutes),
      })
      .from(users)
      .leftJoin(timePersonDays, and(eq(timePersonDays.userId, users.id), daysInRange(timePersonDays.workDate, range)))
      .where(and(sql`${users.role} in ('ADMIN', 'AGENT')`, eq(users.active, true)))
      .groupBy(users.id, users.name)
      .orderBy(asc(users.name)),
    db
      .select({
        clientId: clients.id,
        name: clients.name,
        month: sql<string>`to_char(${companyMonths.monthStart}, 'YYYY-MM')`,
        totalMinutes: companyMonths.totalMinutes,
        billableMinutes: companyMonths.billableMinutes,
      })
      .from(companyMonths)
      .innerJoin(clients, eq(clients.id, companyMonths.clientId))
      .orderBy(asc(clients.name), asc(companyMonths.monthStart)),
    db
      .select({
        workTypeId: workTypes.id,
        name: workTypes.name,
        totalMinutes: total(timeWorkTypeDays.minutes),
        billableMinutes: total(timeWorkTypeDays.billableMinutes),
      })
      .from(timeWorkTypeDays)
      .innerJoin(workTypes, eq(workTypes.id, timeWorkTypeDays.workTypeId))
      .where(daysInRange(timeWorkTypeDays.workDate, range))
      .groupBy(workTypes.id, workTypes.name, workTypes.sortOrder)
      .orderBy(asc(workTypes.sortOrder)),
    // Everyone's, the deactivated included, as the entries' own count was.
    db
      .select({
        totalMinutes: total(timePersonDays.unapprovedMinutes),
        entries: total(timePersonDays.unapprovedEntries),
      })
      .from(timePersonDays)
      .where(daysInRange(timePersonDays.workDate, range)),
  ]);
  return {
    ...range,
    workingDays: days,
    people: people.map((p) => ({ ...p, expectedMinutes })),
    clients: companies,
    workTypes: kinds,
    unapproved: unapproved ?? { totalMinutes: 0, entries: 0 },
  };
}

const CSV_COLUMNS = [
  "date",
  "person",
  "ticket",
  "title",
  "client",
  "workType",
  "minutes",
  "billable",
  "approved",
  "note",
] as const;
/** The range's entries as CSV, one line per entry, for accounting or a spreadsheet. */
export async function timeEntriesCsv(db: DbExecutor, reader: TimeReader, range: TimeRange): Promise<string> {
  requireReportReader(reader);
  const rows = await db
    .select({
      date: timeEntries.workDate,
      person: users.name,
      ticket: timeEntries.ticketReference,
      title: timeEntries.ticketTitle,
      client: clients.name,
      workType: workTypes.name,
      minutes: timeEntries.minutes,
      billable: timeEntries.billable,
      approved: sql<boolean>`${timeEntries.approvedAt} is not null`,
      note: timeEntries.note,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .innerJoin(workTypes, eq(workTypes.id, timeEntries.workTypeId))
    .leftJoin(clients, eq(clients.id, timeEntries.clientId))
    .where(daysInRange(timeEntries.workDate, range))
    .orderBy(asc(timeEntries.workDate), asc(users.name), asc(timeEntries.createdAt));
  return csvLine(CSV_COLUMNS) + rows.map((r) => csvLine(CSV_COLUMNS.map((c) => r[c]))).join("");
}
