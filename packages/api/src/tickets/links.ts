// Linked tickets (docs/features.md §8): staff link two tickets ("related", or "caused by" a problem ticket) and unlink
// them. Links may cross companies: one problem (a provider's outage) can be behind several clients'
// tickets (docs/decisions/0018-merge-links-and-devices.md). Clients never see links. Each link and unlink is
// audited on both tickets, and both get a live event after commit.
import {
  alias,
  and,
  asc,
  clients,
  eq,
  isUuid,
  or,
  sql,
  ticketLinks,
  tickets,
  type DbExecutor,
  type Tx,
} from "@repo/db";
import { TICKET_LINK_LABELS, type TicketLinkKind } from "@repo/validators";
import { ConflictError, InvalidError, NotFoundError } from "../errors.js";
import { ticketReference } from "./merge.js";
import { assertTicketExists, ticketNotFound } from "./queries.js";
import type { TicketRow } from "./serialize.js";
import { audit, lockTicket, publishTicketEvent, type TicketWriter } from "./service.js";
import type { Actor } from "./types.js";
import type { Scope } from "../auth/scope.js";

/** A link as one of its two tickets sees it: the other ticket, and the relation read from this side. */
export interface TicketLinkView {
  id: string;
  kind: TicketLinkKind;
  /** "Related to", "Caused by" or "Causes", read from the ticket asking. */
  label: string;
  ticket: { id: string; title: string; status: TicketRow["status"]; clientName: string | null };
  createdAt: string;
}

/** Both tickets locked in id order (two links over one pair queue), then refusals checked on them. */
async function lockPair(tx: Tx, scope: Scope, a: string, b: string): Promise<[TicketRow, TicketRow]> {
  const rows = new Map<string, TicketRow>();
  for (const id of [a, b].sort()) rows.set(id, await lockTicket(tx, id, scope));
  return [rows.get(a)!, rows.get(b)!];
}

export async function linkTickets(
  { db, bus }: TicketWriter,
  args: { ticketId: string; linkedTicketId: string; kind: TicketLinkKind; actor: Actor; scope: Scope; now?: Date },
): Promise<TicketLinkView[]> {
  const { ticketId, linkedTicketId, kind, actor } = args;
  const now = args.now ?? new Date();
  if (ticketId === linkedTicketId) throw new InvalidError("A ticket cannot be linked to itself");
  const pair = await db.transaction(async (tx) => {
    const [ticket, other] = await lockPair(tx, args.scope, ticketId, linkedTicketId);
    const [existing] = await tx
      .select({ id: ticketLinks.id })
      .from(ticketLinks)
      .where(
        or(
          and(eq(ticketLinks.ticketId, ticket.id), eq(ticketLinks.linkedTicketId, other.id)),
          and(eq(ticketLinks.ticketId, other.id), eq(ticketLinks.linkedTicketId, ticket.id)),
        ),
      );
    if (existing) {
      throw new ConflictError(
        `Ticket ${ticketReference(ticket.id)} is already linked to ticket ${ticketReference(other.id)}`,
      );
    }
    await tx
      .insert(ticketLinks)
      .values({ ticketId: ticket.id, linkedTicketId: other.id, kind, createdById: actor.id ?? null, createdAt: now });
    await audit(tx, {
      ticketId: ticket.id,
      actor,
      action: "link.added",
      changes: { link: { from: null, to: { ticketId: other.id, kind } } },
      now,
    });
    await audit(tx, {
      ticketId: other.id,
      actor,
      action: "link.added",
      changes: { link: { from: null, to: { ticketId: ticket.id, kind, back: true } } },
      now,
    });
    return [ticket, other] as const;
  });
  for (const row of pair) await publishTicketEvent(bus, "ticket.updated", row);
  return ticketLinksOf(db, args.scope, ticketId);
}

/** Removes a link, named by its id, from either of its tickets; a link of other tickets is not found. */
export async function unlinkTickets(
  { db, bus }: TicketWriter,
  args: { ticketId: string; linkId: string; actor: Actor; scope: Scope; now?: Date },
): Promise<TicketLinkView[]> {
  const { ticketId, linkId, actor } = args;
  const now = args.now ?? new Date();
  const linkNotFound = () => NotFoundError.of("Link");
  if (!isUuid(ticketId)) throw ticketNotFound();
  if (!isUuid(linkId)) throw linkNotFound();
  const pair = await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(ticketLinks)
      .where(
        and(
          eq(ticketLinks.id, linkId),
          or(eq(ticketLinks.ticketId, ticketId), eq(ticketLinks.linkedTicketId, ticketId)),
        ),
      );
    if (!link) throw linkNotFound();
    const rows = await lockPair(tx, args.scope, link.ticketId, link.linkedTicketId);
    await tx.delete(ticketLinks).where(eq(ticketLinks.id, link.id));
    const [from, to] = rows;
    await audit(tx, {
      ticketId: from.id,
      actor,
      action: "link.removed",
      changes: { link: { from: { ticketId: to.id, kind: link.kind }, to: null } },
      now,
    });
    await audit(tx, {
      ticketId: to.id,
      actor,
      action: "link.removed",
      changes: { link: { from: { ticketId: from.id, kind: link.kind, back: true }, to: null } },
      now,
    });
    return rows;
  });
  for (const row of pair) await publishTicketEvent(bus, "ticket.updated", row);
  return ticketLinksOf(db, args.scope, ticketId);
}

/**
 * The links of a ticket in `scope`, either way round, oldest first; each names the other ticket and its
 * company. "Ticket not found" unless the ticket exists in `scope`.
 */
export async function ticketLinksOf(db: DbExecutor, scope: Scope, ticketId: string): Promise<TicketLinkView[]> {
  await assertTicketExists(db, scope, ticketId);
  const other = alias(tickets, "other");
  const otherId = sql<string>`case when ${ticketLinks.ticketId} = ${ticketId} then ${ticketLinks.linkedTicketId} else ${ticketLinks.ticketId} end`;
  const rows = await db
    .select({
      id: ticketLinks.id,
      kind: ticketLinks.kind,
      holder: ticketLinks.ticketId,
      createdAt: ticketLinks.createdAt,
      ticket: { id: other.id, title: other.title, status: other.status },
      clientName: clients.name,
    })
    .from(ticketLinks)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(clients, eq(clients.id, other.clientId))
    .where(or(eq(ticketLinks.ticketId, ticketId), eq(ticketLinks.linkedTicketId, ticketId)))
    .orderBy(asc(ticketLinks.createdAt), asc(ticketLinks.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: TICKET_LINK_LABELS[row.kind][row.holder === ticketId ? "forward" : "back"],
    ticket: { ...row.ticket, clientName: row.clientName },
    createdAt: row.createdAt.toISOString(),
  }));
}
