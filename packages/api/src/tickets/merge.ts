// Merging a duplicate report into the ticket that stays (docs/features.md §8). One transaction: the duplicate's
// comments, files and history move to the target with their times and authors; the duplicate is closed
// with a pointer to the target (`mergedIntoId` and a comment on each ticket); both are audited. The live
// events of both tickets go out after commit, as every ticket write's do (docs/architecture.md §8, §18).
import { and, attachments, auditLogs, eq, isNull, ticketComments, tickets } from "@repo/db";
import type { Tx } from "@repo/db";
import { ticketReference as shortReference } from "@repo/validators";
import { ConflictError, InvalidError } from "../errors.js";
import { enqueueMergedMail } from "../mail/triggers.js";
import type { TicketRow } from "./serialize.js";
import { audit, lockTicket, nextSla, publishTicketEvent, type TicketWriter } from "./service.js";
import type { Actor } from "./types.js";
import type { Scope } from "../auth/scope.js";
import { carryCcOnMerge } from "./cc.js";
import { moveTimeOnMerge } from "../time/ticket-time.js";

export const ticketReference = (id: string) => `#${shortReference(id)}`;

/** Why a merge is refused, checked on the locked rows so two merges of one ticket cannot both pass. */
function refusal(source: TicketRow, target: TicketRow): Error | null {
  if (source.mergedIntoId) {
    return new ConflictError(
      `Ticket ${ticketReference(source.id)} is already merged into ticket ${ticketReference(source.mergedIntoId)}`,
    );
  }
  if (target.mergedIntoId) {
    return new ConflictError(
      `Ticket ${ticketReference(target.id)} was merged into ticket ${ticketReference(target.mergedIntoId)}: merge into that ticket instead`,
    );
  }
  if (source.clientId !== target.clientId) {
    return new InvalidError("Tickets of different companies cannot be merged");
  }
  return null;
}

/** Moves the duplicate's conversation, files and history to the target; rows keep their times and authors. */
async function moveRecords(tx: Tx, sourceId: string, targetId: string): Promise<void> {
  await tx.update(ticketComments).set({ ticketId: targetId }).where(eq(ticketComments.ticketId, sourceId));
  await tx.update(attachments).set({ ticketId: targetId }).where(eq(attachments.ticketId, sourceId));
  // Entries already moved by an earlier merge keep the ticket they were first written on.
  await tx
    .update(auditLogs)
    .set({ ticketId: targetId, mergedFromId: sourceId })
    .where(and(eq(auditLogs.ticketId, sourceId), isNull(auditLogs.mergedFromId)));
  await tx.update(auditLogs).set({ ticketId: targetId }).where(eq(auditLogs.ticketId, sourceId));
}

export interface MergeResult {
  source: TicketRow;
  target: TicketRow;
}

/**
 * Merges ticket `sourceId` into `targetId`. Refused with nothing changed: the same ticket twice (400),
 * tickets of two companies (400), a source or target that is already merged (409), an unknown id (404).
 * The duplicate's requester is mailed where the conversation continues (a reply threads on the target).
 */
export async function mergeTickets(
  { db, bus }: TicketWriter,
  args: { sourceId: string; targetId: string; actor: Actor; scope: Scope; now?: Date },
): Promise<MergeResult> {
  const { sourceId, targetId, actor } = args;
  const now = args.now ?? new Date();
  if (sourceId === targetId) throw new InvalidError("A ticket cannot be merged into itself");

  const result = await db.transaction(async (tx) => {
    // Locked in id order, so two merges over the same pair wait for each other instead of deadlocking.
    const [first, second] = [sourceId, targetId].sort();
    const locked = new Map<string, TicketRow>();
    for (const id of [first!, second!]) locked.set(id, await lockTicket(tx, id, args.scope));
    const before = locked.get(sourceId)!;
    const target = locked.get(targetId)!;
    const refused = refusal(before, target);
    if (refused) throw refused;

    await moveRecords(tx, before.id, target.id);
    await carryCcOnMerge(tx, before.id, target, now);
    await moveTimeOnMerge(tx, before.id, target);

    const sla = await nextSla(tx, before, { status: "CLOSED", priority: before.priority }, now);
    const [source] = await tx
      .update(tickets)
      .set({ status: "CLOSED", mergedIntoId: target.id, ...sla, updatedAt: now })
      .where(eq(tickets.id, before.id))
      .returning();
    const [updatedTarget] = await tx
      .update(tickets)
      .set({ updatedAt: now })
      .where(eq(tickets.id, target.id))
      .returning();

    // The pointers, as comments both portals show (same company, so the client may follow them).
    await tx.insert(ticketComments).values([
      {
        ticketId: before.id,
        authorId: actor.id ?? null,
        authorName: actor.name,
        content: `Merged into ticket ${ticketReference(target.id)}: ${target.title}. The conversation continues there.`,
        source: "staff",
        createdAt: now,
      },
      {
        ticketId: target.id,
        authorId: actor.id ?? null,
        authorName: actor.name,
        content: `Ticket ${ticketReference(before.id)} (${before.title}) was merged into this ticket.`,
        source: "staff",
        createdAt: now,
      },
    ]);
    await audit(tx, {
      ticketId: before.id,
      actor,
      action: "ticket.merged",
      changes: { status: { from: before.status, to: "CLOSED" }, mergedIntoId: { from: null, to: target.id } },
      now,
    });
    await audit(tx, {
      ticketId: target.id,
      actor,
      action: "ticket.merged_in",
      changes: { mergedTicket: { from: null, to: before.id } },
      now,
    });
    await enqueueMergedMail(tx, source!, updatedTarget!);
    return { source: source!, target: updatedTarget! };
  });
  await publishTicketEvent(bus, "ticket.updated", result.source);
  await publishTicketEvent(bus, "ticket.updated", result.target);
  await publishTicketEvent(bus, "comment.created", result.target);
  return result;
}
