// What becomes of a ticket's time when the ticket goes (docs/features.md §10): approved and invoiced time
// is never lost. Called inside the ticket's own transaction.
import { eq, inArray, sql, tickets, timeEntries, type DbExecutor } from "@repo/db";
import { ticketReference } from "@repo/validators";
import { localDate } from "../sla/calendar.js";
import { createEntry, type TimeReader } from "./entries.js";
import { usableWorkType } from "./work-types.js";

/** Before tickets are deleted: their entries keep the title as it last read (the reference is already on). */
export async function keepTimeOfDeletedTickets(tx: DbExecutor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(timeEntries)
    .set({ ticketTitle: sql`(select ${tickets.title} from ${tickets} where ${tickets.id} = ${timeEntries.ticketId})` })
    .where(inArray(timeEntries.ticketId, ids));
}

/** A merge moves the duplicate's time to the ticket that stays, with that ticket's reference and title. */
export async function moveTimeOnMerge(
  tx: DbExecutor,
  duplicateId: string,
  kept: { id: string; title: string; clientId: string },
): Promise<void> {
  await tx
    .update(timeEntries)
    .set({
      ticketId: kept.id,
      ticketReference: ticketReference(kept.id),
      ticketTitle: kept.title,
      clientId: kept.clientId,
    })
    .where(eq(timeEntries.ticketId, duplicateId));
}

/**
 * The "Time spent" of a reply or note (docs/features.md §10): an entry on the ticket for the writer, today
 * in Toronto, written in the comment's own transaction so the two stand or fall together.
 */
export async function recordTimeSpent(
  tx: DbExecutor,
  writer: TimeReader,
  ticketId: string,
  spent: { minutes: number; workTypeId?: string },
  now: Date,
): Promise<void> {
  const workType = await usableWorkType(tx, spent.workTypeId);
  await createEntry(tx, writer, { ticketId, date: localDate(now), minutes: spent.minutes, workTypeId: workType.id });
}
