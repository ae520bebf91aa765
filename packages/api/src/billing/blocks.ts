// Prepaid hours (docs/features.md §11): blocks sold on an agreement, what each has given (its burns, written
// with the invoices that bill the time), and what is left. Staff and the company's own people read them.
import {
  agreements,
  and,
  blockBurns,
  eq,
  inArray,
  isUuid,
  prepaidBlocks,
  sql,
  timeEntries,
  workTypes,
  type DbExecutor,
} from "@repo/db";
import { isoDay } from "@repo/content";
import type { Block, BlockCreateInput } from "@repo/validators";
import { ConflictError, NotFoundError } from "../errors.js";

type BlockRow = typeof prepaidBlocks.$inferSelect;

/** Minutes each block has given so far, by block id. */
export async function usedMinutes(db: DbExecutor, blockIds: string[]): Promise<Map<string, number>> {
  if (blockIds.length === 0) return new Map();
  const rows = await db
    .select({ blockId: blockBurns.blockId, minutes: sql<number>`sum(${blockBurns.minutes})::int` })
    .from(blockBurns)
    .where(inArray(blockBurns.blockId, blockIds))
    .groupBy(blockBurns.blockId);
  return new Map(rows.map((r) => [r.blockId, r.minutes]));
}

/**
 * Each block's burn-down: its minutes on the day it was bought, then what was left after each day whose
 * approved time it paid for (the days of the entries, not of the invoices), by block id.
 */
async function burnDowns(db: DbExecutor, rows: BlockRow[]): Promise<Map<string, Block["burnDown"]>> {
  const days =
    rows.length === 0
      ? []
      : await db
          .select({
            blockId: blockBurns.blockId,
            date: timeEntries.workDate,
            minutes: sql<number>`sum(${blockBurns.minutes})::int`,
          })
          .from(blockBurns)
          .innerJoin(timeEntries, eq(timeEntries.id, blockBurns.timeEntryId))
          .where(
            inArray(
              blockBurns.blockId,
              rows.map((b) => b.id),
            ),
          )
          .groupBy(blockBurns.blockId, timeEntries.workDate)
          .orderBy(timeEntries.workDate);
  return new Map(
    rows.map((b) => {
      let left = b.minutes;
      const points = [{ date: b.purchasedOn, remainingMinutes: left }];
      for (const day of days.filter((d) => d.blockId === b.id)) {
        left = Math.max(0, left - day.minutes);
        points.push({ date: day.date, remainingMinutes: left });
      }
      return [b.id, points];
    }),
  );
}

/** Blocks with their use, as staff and the client's portal read them; prices only for who sees money. */
export async function blocksOf(
  db: DbExecutor,
  rows: BlockRow[],
  seesMoney: boolean,
  today = isoDay(),
): Promise<Block[]> {
  const used = await usedMinutes(
    db,
    rows.map((b) => b.id),
  );
  const names = new Map(
    (await db.select({ id: workTypes.id, name: workTypes.name }).from(workTypes)).map((w) => [w.id, w.name]),
  );
  const burnDown = await burnDowns(db, rows);
  return rows.map((b) => {
    const usedMinutes = Math.min(b.minutes, used.get(b.id) ?? 0);
    return {
      id: b.id,
      agreementId: b.agreementId,
      minutes: b.minutes,
      usedMinutes,
      remainingMinutes: b.minutes - usedMinutes,
      priceCents: seesMoney ? b.priceCents : null,
      purchasedOn: b.purchasedOn,
      expiresOn: b.expiresOn,
      expired: b.expiresOn < today,
      overageRateCents: seesMoney ? b.overageRateCents : null,
      workTypeIds: b.workTypeIds,
      workTypeNames: b.workTypeIds.map((id) => names.get(id) ?? "Archived work type"),
      burnDown: burnDown.get(b.id) ?? [],
    };
  });
}

export async function addBlock(db: DbExecutor, input: BlockCreateInput): Promise<Block> {
  const [agreement] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.id, input.agreementId));
  if (!agreement) throw NotFoundError.of("Agreement");
  const known = await db.select({ id: workTypes.id }).from(workTypes).where(inArray(workTypes.id, input.workTypeIds));
  if (known.length !== new Set(input.workTypeIds).size) throw NotFoundError.of("Work type");
  const [row] = await db.insert(prepaidBlocks).values(input).returning();
  const [block] = await blocksOf(db, [row!], true);
  return block!;
}

/** Deletes a block nothing has been billed from (no burns, no purchase on an approved invoice). */
export async function deleteBlock(db: DbExecutor, id: string): Promise<void> {
  if (!isUuid(id)) throw NotFoundError.of("Block");
  const deleted = await db
    .delete(prepaidBlocks)
    .where(
      and(
        eq(prepaidBlocks.id, id),
        sql`not exists (select 1 from block_burns b where b.block_id = ${prepaidBlocks.id})`,
        sql`not exists (select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
                        where l.block_id = ${prepaidBlocks.id} and i.status <> 'draft')`,
      ),
    )
    .returning({ id: prepaidBlocks.id });
  if (deleted.length > 0) return;
  const [exists] = await db.select({ id: prepaidBlocks.id }).from(prepaidBlocks).where(eq(prepaidBlocks.id, id));
  if (!exists) throw NotFoundError.of("Block");
  throw new ConflictError("This block has been billed or used: it stays on the record");
}
