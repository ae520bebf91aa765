// Work types (docs/features.md §10): the kinds of work time is recorded as, each with the billable flag and
// hourly rate (cents, CAD) a new entry starts from. Admins keep the list; a used type is archived, not deleted.
import { and, asc, eq, isUuid, timeEntries, workTypes, type DbExecutor } from "@repo/db";
import type { WorkType, WorkTypeCreateInput, WorkTypeUpdateInput } from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import { ConflictError, NotFoundError, StaleVersionError } from "../errors.js";
import { readBillingSettings } from "../billing/settings.js";

type Row = typeof workTypes.$inferSelect;

/** Whether `reader` may see money: an admin or a viewer always, an agent where the billing settings allow it. */
export async function seesRates(db: DbExecutor, reader: SessionUser): Promise<boolean> {
  if (reader.role !== "AGENT") return true;
  return (await readBillingSettings(db)).agentsSeeMoney;
}

const toWorkType = (row: Row, rates: boolean): WorkType => ({
  id: row.id,
  name: row.name,
  defaultBillable: row.defaultBillable,
  hourlyRateCents: rates ? row.hourlyRateCents : null,
  archived: row.archived,
  sortOrder: row.sortOrder,
  version: row.version,
});

export async function listWorkTypes(db: DbExecutor, reader: SessionUser): Promise<WorkType[]> {
  const rows = await db.select().from(workTypes).orderBy(asc(workTypes.sortOrder), asc(workTypes.name));
  const rates = await seesRates(db, reader);
  return rows.map((row) => toWorkType(row, rates));
}

/** The work type a new entry uses, refused when it is unknown or archived. */
export async function usableWorkType(db: DbExecutor, id: string | undefined): Promise<Row> {
  const [row] = id
    ? await db.select().from(workTypes).where(eq(workTypes.id, id))
    : await db
        .select()
        .from(workTypes)
        .where(eq(workTypes.archived, false))
        .orderBy(asc(workTypes.sortOrder), asc(workTypes.name))
        .limit(1);
  if (!row) throw NotFoundError.of("Work type");
  if (row.archived) throw new ConflictError(`"${row.name}" is archived: choose another work type`);
  return row;
}

export async function createWorkType(db: DbExecutor, input: WorkTypeCreateInput): Promise<WorkType> {
  const [row] = await db.insert(workTypes).values(input).onConflictDoNothing().returning();
  if (!row) throw new ConflictError(`A work type named "${input.name}" already exists`);
  return toWorkType(row, true);
}

export async function updateWorkType(db: DbExecutor, input: WorkTypeUpdateInput): Promise<WorkType> {
  const { id, version, ...changes } = input;
  const [existing] = await db.select().from(workTypes).where(eq(workTypes.id, id));
  if (!existing) throw NotFoundError.of("Work type");
  if (version !== undefined && existing.version !== version) throw new StaleVersionError("work type");
  if (changes.name && changes.name !== existing.name) {
    const [taken] = await db.select({ id: workTypes.id }).from(workTypes).where(eq(workTypes.name, changes.name));
    if (taken) throw new ConflictError(`A work type named "${changes.name}" already exists`);
  }
  const [row] = await db
    .update(workTypes)
    .set(changes)
    .where(and(eq(workTypes.id, id), eq(workTypes.version, existing.version)))
    .returning();
  if (!row) throw new StaleVersionError("work type");
  return toWorkType(row, true);
}

/** Deletes an unused work type; one with time recorded is archived instead (its entries keep their name). */
export async function deleteWorkType(db: DbExecutor, id: string): Promise<{ archived: boolean }> {
  if (!isUuid(id)) throw NotFoundError.of("Work type");
  const [used] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(eq(timeEntries.workTypeId, id))
    .limit(1);
  const changed = used
    ? await db.update(workTypes).set({ archived: true }).where(eq(workTypes.id, id)).returning({ id: workTypes.id })
    : await db.delete(workTypes).where(eq(workTypes.id, id)).returning({ id: workTypes.id });
  if (changed.length === 0) throw NotFoundError.of("Work type");
  return { archived: Boolean(used) };
}
