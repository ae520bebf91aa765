// Weekly timesheets (docs/features.md §10): a person's Monday-to-Sunday week of entries as a grid of days
// by ticket and work type. The person submits it (the week locks); an admin approves it (its entries are
// approved and stay locked) or returns it with a comment (it unlocks); an admin may reverse an approval
// with a reason, audited, unless an entry of it is invoiced.
import { and, auditLogs, eq, gte, isNotNull, lte, timeEntries, timesheets, users, type Database } from "@repo/db";
import { type Timesheet, type TimesheetStatus, weekDays } from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.js";
import { selectEntries, toTimeEntry } from "./entries.js";

interface WeekRef {
  userId: string;
  weekStart: string;
}

/** An AGENT reads and submits only their own week; an ADMIN and a VIEWER read anyone's. */
function mayRead(reader: SessionUser, userId: string): void {
  if (reader.role === "AGENT" && reader.id !== userId) throw new ForbiddenError("Agents see only their own timesheet");
}

export async function readTimesheet(db: Database, reader: SessionUser, week: WeekRef): Promise<Timesheet> {
  mayRead(reader, week.userId);
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, week.userId));
  if (!person) throw NotFoundError.of("User");
  const days = weekDays(week.weekStart);
  const [sheet] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)));
  const rows = await selectEntries(
    db,
    and(eq(timeEntries.userId, week.userId), gte(timeEntries.workDate, days[0]!), lte(timeEntries.workDate, days[6]!)),
  );
  const entries = rows.map((row) => toTimeEntry(row, reader));

  // One grid row per ticket (or none) and work type; every total is the sum of the minutes it covers.
  const grid = new Map<string, Timesheet["rows"][number]>();
  for (const entry of entries) {
    const key = `${entry.ticketId ?? entry.ticketReference ?? "-"}|${entry.workTypeId}`;
    const row = grid.get(key) ?? {
      ticketId: entry.ticketId,
      ticketReference: entry.ticketReference,
      ticketTitle: entry.ticketTitle,
      workTypeId: entry.workTypeId,
      workTypeName: entry.workTypeName,
      minutes: days.map(() => 0),
      total: 0,
    };
    row.minutes[days.indexOf(entry.date)]! += entry.minutes;
    row.total += entry.minutes;
    grid.set(key, row);
  }
  const dayTotals = days.map((day) => entries.filter((e) => e.date === day).reduce((sum, e) => sum + e.minutes, 0));
  return {
    userId: week.userId,
    userName: person.name,
    weekStart: week.weekStart,
    days,
    status: sheet?.status ?? "open",
    comment: sheet?.comment ?? null,
    submittedAt: sheet?.submittedAt?.toISOString() ?? null,
    decidedAt: sheet?.decidedAt?.toISOString() ?? null,
    rows: [...grid.values()],
    dayTotals,
    total: dayTotals.reduce((sum, n) => sum + n, 0),
    billableTotal: entries.filter((e) => e.billable).reduce((sum, e) => sum + e.minutes, 0),
    entries,
  };
}

/** The week's row, locked, created open when there is none; refused unless its status is one of `from`. */
async function lockWeek(tx: Database, week: WeekRef, from: readonly TimesheetStatus[], refusal: string) {
  await tx
    .insert(timesheets)
    .values({ ...week, status: "open" })
    .onConflictDoNothing();
  const [sheet] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)))
    .for("update");
  if (!from.includes(sheet!.status)) throw new ConflictError(refusal);
  return sheet!;
}

const inWeek = (week: WeekRef) => {
  const days = weekDays(week.weekStart);
  return and(
    eq(timeEntries.userId, week.userId),
    gte(timeEntries.workDate, days[0]!),
    lte(timeEntries.workDate, days[6]!),
  );
};

export async function submitTimesheet(db: Database, reader: SessionUser, week: WeekRef): Promise<Timesheet> {
  if (reader.id !== week.userId && reader.role !== "ADMIN")
    throw new ForbiddenError("You can submit only your own timesheet");
  await db.transaction(async (tx) => {
    await lockWeek(tx, week, ["open", "returned"], "This week is already submitted");
    await tx
      .update(timesheets)
      .set({ status: "submitted", submittedAt: new Date(), comment: null })
      .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)));
  });
  return readTimesheet(db, reader, week);
}

export async function approveTimesheet(db: Database, admin: SessionUser, week: WeekRef, comment?: string) {
  await db.transaction(async (tx) => {
    await lockWeek(tx, week, ["submitted"], "Only a submitted week can be approved");
    const now = new Date();
    await tx.update(timeEntries).set({ approvedAt: now, approvedBy: admin.id }).where(inWeek(week));
    await tx
      .update(timesheets)
      .set({ status: "approved", decidedAt: now, decidedBy: admin.id, comment: comment || null })
      .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)));
  });
  return readTimesheet(db, admin, week);
}

export async function returnTimesheet(db: Database, admin: SessionUser, week: WeekRef, comment: string) {
  await db.transaction(async (tx) => {
    await lockWeek(tx, week, ["submitted"], "Only a submitted week can be returned");
    await tx
      .update(timesheets)
      .set({ status: "returned", decidedAt: new Date(), decidedBy: admin.id, comment })
      .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)));
  });
  return readTimesheet(db, admin, week);
}

/** Unapproves an approved week (it is returned, with the reason), audited; refused once any entry is invoiced. */
export async function reverseApproval(db: Database, admin: SessionUser, week: WeekRef, reason: string) {
  await db.transaction(async (tx) => {
    await lockWeek(tx, week, ["approved"], "Only an approved week can be reversed");
    const [invoiced] = await tx
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(and(inWeek(week), isNotNull(timeEntries.invoicedAt)))
      .limit(1);
    if (invoiced) throw new ConflictError("This week has invoiced time: correct it with a credit note instead");
    const now = new Date();
    await tx.update(timeEntries).set({ approvedAt: null, approvedBy: null }).where(inWeek(week));
    await tx
      .update(timesheets)
      .set({ status: "returned", decidedAt: now, decidedBy: admin.id, comment: reason })
      .where(and(eq(timesheets.userId, week.userId), eq(timesheets.weekStart, week.weekStart)));
    await tx.insert(auditLogs).values({
      actorId: admin.id,
      actorName: admin.name,
      action: "timesheet.approval_reversed",
      changes: {
        status: { from: "approved", to: "returned" },
        reason: { from: null, to: reason },
        week: { from: null, to: `${week.userId}/${week.weekStart}` },
      },
      createdAt: now,
    });
  });
  return readTimesheet(db, admin, week);
}
