// Satisfaction ratings (docs/architecture.md §18). One rating per ticket: the requester's latest
// word, given from the resolved mail's link or the client portal, and changeable while the ticket stays
// resolved and for RATING_WINDOW_DAYS after its resolution. Each rating keeps the ticket's company and
// its assignee at that moment, which is whom the reports credit.
import { and, eq, isUuid, ratingLinks, satisfactionRatings, tickets, type DbExecutor, type Tx } from "@repo/db";
import {
  FINISHED_STATUSES,
  ticketReference,
  type RatingPage,
  type RatingState,
  type SatisfactionRating,
  type TicketSource,
} from "@repo/validators";
import { InvalidError, NotFoundError } from "../errors.js";
import { hashSecret } from "../auth/session.js";
import { publishTicketEvent, type TicketWriter } from "../tickets/service.js";
import type { TicketRow } from "../tickets/serialize.js";
import { ratingOpen } from "./links.js";
import type { CompanyScope, Scope } from "../auth/scope.js";
import { ticketsInScope } from "../tickets/in-scope.js";

export type RatingRow = typeof satisfactionRatings.$inferSelect;

export const INVALID_LINK = "This rating link is not valid or has expired";
export const NOT_RESOLVED = "Only a resolved ticket can be rated";
export const RATING_CLOSED = "The time to rate this ticket has passed";

function stateOf(ticket: Pick<TicketRow, "status" | "resolvedAt">, row: RatingRow | undefined, now: Date): RatingState {
  return {
    rating: row?.rating ?? null,
    comment: row?.comment ?? null,
    ratedAt: row?.ratedAt.toISOString() ?? null,
    source: row?.source ?? null,
    canRate: ratingOpen(ticket, now),
  };
}

async function ratingOf(db: DbExecutor, ticketId: string) {
  const [row] = await db.select().from(satisfactionRatings).where(eq(satisfactionRatings.ticketId, ticketId));
  return row;
}

/** The rating of a ticket in `scope` (a client's read: its company's tickets only). */
export async function ticketRating(
  db: DbExecutor,
  scope: Scope,
  ticketId: string,
  now = new Date(),
): Promise<RatingState> {
  const [ticket] = isUuid(ticketId)
    ? await db
        .select({ status: tickets.status, resolvedAt: tickets.resolvedAt })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), ticketsInScope(scope)))
    : [];
  if (!ticket) throw NotFoundError.of("Ticket");
  return stateOf(ticket, await ratingOf(db, ticketId), now);
}

interface RatingInput {
  rating: SatisfactionRating;
  /** undefined: keep the saved comment (a rating changed alone); null: no comment. */
  comment?: string | null | undefined;
}

/** Writes the rating of a locked, rateable ticket (one row per ticket: a second rating replaces the first). */
async function saveRating(
  tx: Tx,
  ticket: TicketRow,
  input: RatingInput & { source: TicketSource; ratedBy: string | null },
  now: Date,
): Promise<RatingState> {
  if (!ratingOpen(ticket, now)) {
    throw new InvalidError(FINISHED_STATUSES.includes(ticket.status) ? RATING_CLOSED : NOT_RESOLVED);
  }
  const values = {
    clientId: ticket.clientId,
    agentId: ticket.assigneeId,
    rating: input.rating,
    source: input.source,
    ratedBy: input.ratedBy,
    ratedAt: now,
  };
  // A second rating changes what the person changed: without a comment, the saved one stays.
  const comment = input.comment === undefined ? {} : { comment: input.comment };
  const [row] = await tx
    .insert(satisfactionRatings)
    .values({ ticketId: ticket.id, ...values, comment: input.comment ?? null })
    .onConflictDoUpdate({ target: satisfactionRatings.ticketId, set: { ...values, ...comment } })
    .returning();
  return stateOf(ticket, row, now);
}

async function lockTicketOf(tx: Tx, where: ReturnType<typeof and>) {
  const [row] = await tx.select().from(tickets).where(where).for("update");
  return row;
}

/** The ticket a link was written for, while the link still serves (its resolution is the ticket's current one). */
async function ticketOfLink(tx: Tx, token: string, now: Date): Promise<TicketRow> {
  const [link] = await tx
    .select()
    .from(ratingLinks)
    .where(eq(ratingLinks.id, hashSecret(token)));
  if (!link || link.expiresAt <= now) throw new InvalidError(INVALID_LINK);
  const ticket = await lockTicketOf(tx, eq(tickets.id, link.ticketId));
  // A reopened ticket (resolvedAt cleared) or a later resolution (a new link was mailed) spends the link.
  if (!ticket || ticket.resolvedAt?.getTime() !== link.resolvedAt.getTime()) throw new InvalidError(INVALID_LINK);
  return ticket;
}

const pageOf = (ticket: TicketRow, state: RatingState): RatingPage => ({
  ...state,
  reference: `Ticket #${ticketReference(ticket.id)}`,
  title: ticket.title,
});

export async function ratingByToken(db: TicketWriter["db"], token: string, now = new Date()): Promise<RatingPage> {
  return db.transaction(async (tx) => {
    const ticket = await ticketOfLink(tx, token, now);
    return pageOf(ticket, stateOf(ticket, await ratingOf(tx, ticket.id), now));
  });
}

/** A rating from a mail's link: no session, the token is the permission. */
export async function rateByToken(
  { db, bus }: TicketWriter,
  args: RatingInput & { token: string },
  now = new Date(),
): Promise<RatingPage> {
  const { ticket, page } = await db.transaction(async (tx) => {
    const ticket = await ticketOfLink(tx, args.token, now);
    const state = await saveRating(tx, ticket, { ...args, source: "email", ratedBy: null }, now);
    return { ticket, page: pageOf(ticket, state) };
  });
  await publishTicketEvent(bus, "ticket.updated", ticket);
  return page;
}

/**
 * A rating from the client portal, by the scope's user: the company is in the lock query, so another
 * company's ticket is not found.
 */
export async function rateAsClient(
  { db, bus }: TicketWriter,
  scope: CompanyScope,
  args: RatingInput & { ticketId: string },
  now = new Date(),
): Promise<RatingState> {
  const { ticket, state } = await db.transaction(async (tx) => {
    const ticket = isUuid(args.ticketId)
      ? await lockTicketOf(tx, and(eq(tickets.id, args.ticketId), ticketsInScope(scope)))
      : undefined;
    if (!ticket) throw NotFoundError.of("Ticket");
    const state = await saveRating(tx, ticket, { ...args, source: "client", ratedBy: scope.userId }, now);
    return { ticket, state };
  });
  await publishTicketEvent(bus, "ticket.updated", ticket);
  return state;
}
