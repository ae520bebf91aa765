// The housekeeping of the tables whose rows expire (sessions, challenges, links, states): one DELETE of
// the rows past their time, counted. Each table's module names its own purge with this.
import { lt, type DbExecutor } from "@repo/db";

type DeletableTable = Parameters<DbExecutor["delete"]>[0];
type TimeColumn = Parameters<typeof lt>[0];

/** Deletes the rows of `table` whose `expiresAt` is before `now`; returns how many. */
export async function deleteExpiredRows(
  db: DbExecutor,
  table: DeletableTable,
  expiresAt: TimeColumn,
  now = new Date(),
): Promise<number> {
  const rows = await db.delete(table).where(lt(expiresAt, now)).returning();
  return rows.length;
}
