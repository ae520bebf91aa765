// Held intake (docs/decisions/0027-held-intake.md): a ticket whose sender nobody vouched for (a mail
// without a signature of its From domain, a public form naming someone the company does not know) is
// held. Held is a flag beside the status, which stays NEW: the ticket is the staff's alone (tickets/
// in-scope.ts), its SLA clock stands still and nothing counts it. Staff accept it, and from then on it is
// as if it had come in authenticated, or reject it, which deletes it and leaves an audit entry.
import { and, asc, auditLogs, clients, eq, isUuid, sql, tickets, users, type DbExecutor } from "@repo/db";
import type { StaffScope } from "../auth/scope.js";
import { ConflictError } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { afterTicketChange } from "./after-change.js";
import { applyChange, slaStateAt } from "../sla/clock.js";
import { loadClientPolicies } from "../sla/policies.js";
import type { TicketRow } from "./serialize.js";
import {
  audit,
  deleteTicket,
  inOuterTransaction,
  lockTicket,
  publishTicketEvent,
  type Hold,
  type TicketWriter,
} from "./service.js";
import type { Actor } from "./types.js";

/** The audit action of a rejected held ticket; the entry outlives the ticket (no ticket id). */
export const HELD_REJECTED_ACTION = "ticket.rejected";

/**
 * Whether a public form's ticket is held: its requester is neither an active user of the chosen company
 * nor at a domain the company marked trusted. The form's confirmation is the same either way.
 */
export async function publicFormHold(
  db: DbExecutor,
  clientId: string,
  requesterEmail: string,
): Promise<Hold | undefined> {
  // Not a company: createTicket refuses it with the form's message.
  if (!isUuid(clientId)) return undefined;
  const email = requesterEmail.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf("@") + 1);
  const [known] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.id, clientId),
        sql`(${domain} = any(${clients.trustedDomains}) or exists (select 1 from ${users} where lower(${users.email}) = ${email}
          and ${users.clientId} = ${clients.id} and ${users.role} = 'CLIENT' and ${users.active}))`,
      ),
    );
  if (known) return undefined;
  return { reason: `Public form: ${email} is not a known contact of this client`, acknowledge: "review" };
}

/** The held tickets, oldest first: the staff's review list. */
export async function listHeldTickets(db: DbExecutor, _scope: StaffScope): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(eq(tickets.held, true))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(200);
}

const notHeldNow = () => new ConflictError("This ticket is not held for review");

/**
 * Accepts a held ticket: from now it is as if it had come in authenticated. The SLA clock starts (the
 * time it was held counts as paused), the portal shows it, and its requester gets the usual receipt.
 */
export async function acceptHeldTicket(
  { db, bus }: TicketWriter,
  args: { id: string; actor: Actor; scope: StaffScope; now?: Date },
): Promise<TicketRow> {
  const now = args.now ?? new Date();
  const accepted = await db.transaction(async (tx) => {
    const before = await lockTicket(tx, args.id, args.scope);
    if (!before.held) throw notHeldNow();
    const policy = (await loadClientPolicies(tx, before.clientId))[before.priority];
    // Held from its creation with the clock paused: resuming counts the held time as paused time.
    const sla = applyChange(
      {
        createdAt: before.createdAt,
        firstResponseAt: before.firstResponseAt,
        resolvedAt: before.resolvedAt,
        closedAt: before.closedAt,
        responseDueAt: before.responseDueAt,
        resolutionDueAt: before.resolutionDueAt,
        pausedMs: before.pausedMs,
        pausedAt: before.pausedAt ?? before.createdAt,
        reopenedAt: before.reopenedAt,
      },
      { status: before.status, policy },
      now,
    );
    const [ticket] = await tx
      .update(tickets)
      .set({
        held: false,
        heldReason: null,
        ...sla,
        slaState: slaStateAt({ ...sla, status: before.status }, policy, now),
        updatedAt: now,
      })
      .where(eq(tickets.id, before.id))
      .returning();
    await audit(tx, {
      ticketId: before.id,
      actor: args.actor,
      action: "ticket.accepted",
      changes: { held: { from: true, to: false } },
      now,
    });
    await afterTicketChange(tx, {
      kind: "ticket.created",
      ticket: ticket!,
      source: ticket!.source,
      actor: args.actor,
      acknowledge: "accepted",
    });
    return ticket!;
  });
  await publishTicketEvent(bus, "ticket.created", accepted);
  return accepted;
}

/** Rejects a held ticket: deletes it with everything it has, and audits who did so and what it was. */
export async function rejectHeldTicket(
  writer: TicketWriter & { files: FileStore },
  args: { id: string; actor: Actor; scope: StaffScope; now?: Date },
): Promise<TicketRow> {
  const now = args.now ?? new Date();
  // Checked and audited in one transaction with the delete: a ticket accepted meanwhile is not deleted.
  return inOuterTransaction(writer, async (nested, tx) => {
    const ticket = await lockTicket(tx, args.id, args.scope);
    if (!ticket.held) throw notHeldNow();
    await tx.insert(auditLogs).values({
      ticketId: null,
      actorId: args.actor.id ?? null,
      actorName: args.actor.name,
      action: HELD_REJECTED_ACTION,
      changes: {
        ticket: {
          from: {
            id: ticket.id,
            clientId: ticket.clientId,
            title: ticket.title,
            requesterEmail: ticket.requesterEmail,
            source: ticket.source,
            heldReason: ticket.heldReason,
          },
          to: null,
        },
      },
      createdAt: now,
    });
    return deleteTicket({ ...nested, files: writer.files }, { id: ticket.id, actor: args.actor, scope: args.scope });
  });
}
