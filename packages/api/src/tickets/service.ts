// Ticket writes as plain functions over a database (or a transaction) and an actor, shared by the staff
// and client routers, the public form and the assistant. Each write runs in one transaction: the ticket
// rows, its SLA fields, an audit row and whatever afterTicketWrite adds (the mail outbox) commit together.
// Callers publish the domain event after the function returns, i.e. after commit (publishTicketEvent).
import { TRPCError } from "@trpc/server";
import { and, asc, auditLogs, eq, inArray, isNotNull, sql, ticketComments, tickets, users, clients } from "@repo/db";
import type { Database, DbExecutor, Tx } from "@repo/db";
import type { Role, TicketPriority, TicketStatus, TicketType } from "@repo/validators";
import type { DomainEventType, EventBus } from "../events.js";
import {
  applyChange,
  calendarOf,
  clockStops,
  pausedWorkingTime,
  slaStateAt,
  type SlaFields,
  type StopInterval,
} from "../sla/clock.js";
import { loadPolicies } from "../sla/policies.js";
import { afterTicketWrite } from "./after-write.js";
import type { CommentRow, TicketRow } from "./serialize.js";

export * from "./serialize.js";

import type { TicketSource } from "@repo/validators";

export type { TicketSource };

/** Who makes a change: a signed-in user (id, role) or a visitor of the public form (name only). */
export interface Actor {
  id?: string | null;
  name: string;
  role?: Role;
}

export interface NewTicket {
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  /** Staff may create in any status; everyone else gets NEW. */
  status?: TicketStatus;
  requesterName: string;
  requesterEmail: string;
  clientId: string;
  /** null, undefined or "" (the form's "unassigned"): nobody. */
  assigneeId?: string | null;
  tags?: string[];
}

export type TicketPatch = Partial<NewTicket>;

/** What afterTicketWrite receives: enough to write a mail about the change. */
export type TicketChange =
  | { kind: "ticket.created"; ticket: TicketRow; source: TicketSource; actor: Actor }
  | { kind: "ticket.updated"; ticket: TicketRow; before: TicketRow; changes: FieldChanges; actor: Actor }
  | { kind: "ticket.deleted"; ticket: TicketRow; actor: Actor }
  | { kind: "comment.created"; ticket: TicketRow; comment: CommentRow; reopened: boolean; actor: Actor };

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from URLs: anything that is not a UUID cannot name a row (and must not reach SQL as one). */
export const isUuid = (value: string) => UUID.test(value);

export const ticketNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Ticket not found" });

/** `scope.clientId`: a CLIENT's company; a ticket of another company is simply not found. */
export interface Scope {
  clientId?: string;
}

async function lockTicket(tx: Tx, id: string, scope: Scope = {}): Promise<TicketRow> {
  if (!isUuid(id)) throw ticketNotFound();
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), scope.clientId ? eq(tickets.clientId, scope.clientId) : undefined))
    .for("update");
  if (!row) throw ticketNotFound();
  return row;
}

export async function assertClientExists(db: DbExecutor, clientId: string): Promise<void> {
  const [row] = isUuid(clientId)
    ? await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
    : [];
  if (!row) throw new TRPCError({ code: "BAD_REQUEST", message: "Please select a valid client" });
}

/** VIEWER users, clients and deactivated staff can never be assigned (spec section 6). */
export async function assertAssignable(db: DbExecutor, userId: string): Promise<void> {
  const [row] = isUuid(userId)
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.active, true), inArray(users.role, ["ADMIN", "AGENT"])))
    : [];
  if (!row)
    throw new TRPCError({ code: "BAD_REQUEST", message: "Tickets can be assigned to active admins and agents only" });
}

const slaFields = (row: TicketRow): SlaFields => ({
  createdAt: row.createdAt,
  firstResponseAt: row.firstResponseAt,
  resolvedAt: row.resolvedAt,
  closedAt: row.closedAt,
  responseDueAt: row.responseDueAt,
  resolutionDueAt: row.resolutionDueAt,
  pausedMs: row.pausedMs,
  pausedAt: row.pausedAt,
});

/** The finished stops of a ticket's clock, from the status changes in its audit log. */
async function stopIntervals(tx: DbExecutor, ticketId: string): Promise<StopInterval[]> {
  const rows = await tx
    .select({ changes: auditLogs.changes, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.ticketId, ticketId), isNotNull(sql`${auditLogs.changes} -> 'status'`)))
    .orderBy(asc(auditLogs.createdAt));
  const stops: StopInterval[] = [];
  let open: Date | null = null;
  for (const row of rows) {
    const to = row.changes?.status?.to as TicketStatus | undefined;
    if (!to) continue;
    if (clockStops(to) && !open) open = row.createdAt;
    else if (!clockStops(to) && open) {
      stops.push({ from: open, to: row.createdAt });
      open = null;
    }
  }
  return stops;
}

/**
 * The SLA fields and state after a change. When the new priority's policy runs on another calendar
 * (P1 around the clock, the others in business hours), the paused time is re-measured on that calendar
 * from the audit log, so no pause time is lost or invented.
 */
async function nextSla(
  tx: Tx,
  before: TicketRow,
  after: { status: TicketStatus; priority: TicketPriority },
  now: Date,
  staffReply = false,
) {
  const policies = await loadPolicies(tx);
  const policy = policies[after.priority];
  const previous = slaFields(before);
  if (calendarOf(policies[before.priority]).kind !== calendarOf(policy).kind && previous.pausedMs > 0) {
    previous.pausedMs = pausedWorkingTime(await stopIntervals(tx, before.id), calendarOf(policy));
  }
  const next = applyChange(previous, { status: after.status, policy, staffReply }, now);
  return { ...next, slaState: slaStateAt({ ...next, status: after.status }, policy, now) };
}

function diff(before: TicketRow, patch: TicketPatch): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const from = before[key as keyof TicketRow];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export async function createTicket(
  db: Database,
  args: { input: NewTicket; source: TicketSource; actor: Actor; now?: Date },
): Promise<TicketRow> {
  const { input, source, actor } = args;
  const now = args.now ?? new Date();
  const status: TicketStatus = source === "staff" ? (input.status ?? "NEW") : "NEW";
  const assigneeId = source === "staff" ? input.assigneeId || null : null;
  await assertClientExists(db, input.clientId);
  if (assigneeId) await assertAssignable(db, assigneeId);

  return db.transaction(async (tx) => {
    const policies = await loadPolicies(tx);
    const policy = policies[input.priority];
    const blank: SlaFields = {
      createdAt: now,
      firstResponseAt: null,
      resolvedAt: null,
      closedAt: null,
      responseDueAt: null,
      resolutionDueAt: null,
      pausedMs: 0,
      pausedAt: null,
    };
    // A ticket created past NEW (staff) has been looked at: that counts as the first response.
    const sla = applyChange(blank, { status, policy }, now);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        title: input.title,
        description: input.description,
        type: input.type,
        priority: input.priority,
        status,
        requesterName: input.requesterName,
        requesterEmail: input.requesterEmail,
        clientId: input.clientId,
        assigneeId,
        tags: source === "staff" ? (input.tags ?? []) : [],
        source,
        ...sla,
        updatedAt: now,
        slaState: slaStateAt({ ...sla, status }, policy, now),
      })
      .returning();
    await tx.insert(auditLogs).values({
      ticketId: ticket!.id,
      actorId: actor.id ?? null,
      actorName: actor.name,
      action: "ticket.created",
      changes: { status: { from: null, to: status }, priority: { from: null, to: input.priority } },
      createdAt: now,
    });
    await afterTicketWrite(tx, { kind: "ticket.created", ticket: ticket!, source, actor });
    return ticket!;
  });
}

/** Applies a patch; returns the row before and after, and `changes` (empty: nothing was written). */
export async function updateTicket(
  db: Database,
  args: {
    id: string;
    patch: TicketPatch;
    actor: Actor;
    scope?: Scope;
    /** Runs on the locked row before anything is written; throw to refuse the change. */
    guard?: (before: TicketRow) => void;
    now?: Date;
  },
): Promise<{ ticket: TicketRow; before: TicketRow; changes: FieldChanges }> {
  const now = args.now ?? new Date();
  const patch: TicketPatch = { ...args.patch };
  if (patch.assigneeId !== undefined) patch.assigneeId = patch.assigneeId || null;

  return db.transaction(async (tx) => {
    const before = await lockTicket(tx, args.id, args.scope);
    args.guard?.(before);
    const changes = diff(before, patch);
    if (Object.keys(changes).length === 0) return { ticket: before, before, changes };
    if (changes.clientId) await assertClientExists(tx, patch.clientId!);
    if (changes.assigneeId && patch.assigneeId) await assertAssignable(tx, patch.assigneeId);

    const status = patch.status ?? before.status;
    const priority = patch.priority ?? before.priority;
    const sla = await nextSla(tx, before, { status, priority }, now);
    const values = Object.fromEntries(Object.keys(changes).map((k) => [k, patch[k as keyof TicketPatch]]));
    const [ticket] = await tx
      .update(tickets)
      .set({ ...values, ...sla, updatedAt: now })
      .where(eq(tickets.id, before.id))
      .returning();
    await tx.insert(auditLogs).values({
      ticketId: before.id,
      actorId: args.actor.id ?? null,
      actorName: args.actor.name,
      action: "ticket.updated",
      changes,
      createdAt: now,
    });
    await afterTicketWrite(tx, { kind: "ticket.updated", ticket: ticket!, before, changes, actor: args.actor });
    return { ticket: ticket!, before, changes };
  });
}

/** Deletes a ticket with its comments and audit log (ON DELETE CASCADE); returns the deleted row. */
export async function deleteTicket(
  db: Database,
  args: { id: string; actor: Actor; scope?: Scope },
): Promise<TicketRow> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, args.id, args.scope);
    await afterTicketWrite(tx, { kind: "ticket.deleted", ticket, actor: args.actor });
    await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    return ticket;
  });
}

/**
 * Adds a comment. A public staff reply stamps the first response; a client comment on a RESOLVED ticket
 * reopens it to TRIAGED. Only staff may write internal notes: a client's `internal` is ignored.
 */
export async function addComment(
  db: Database,
  args: {
    ticketId: string;
    author: Actor & { role: Role };
    content: string;
    internal: boolean;
    scope?: Scope;
    now?: Date;
  },
): Promise<{ comment: CommentRow; ticket: TicketRow; reopened: boolean }> {
  const now = args.now ?? new Date();
  const isStaff = args.author.role !== "CLIENT";
  const internal = isStaff && args.internal;

  return db.transaction(async (tx) => {
    const before = await lockTicket(tx, args.ticketId, args.scope);
    const [comment] = await tx
      .insert(ticketComments)
      .values({
        ticketId: before.id,
        authorId: args.author.id ?? null,
        authorName: args.author.name,
        content: args.content,
        internal,
        createdAt: now,
      })
      .returning();
    const reopened = !isStaff && before.status === "RESOLVED";
    const status: TicketStatus = reopened ? "TRIAGED" : before.status;
    const sla = await nextSla(tx, before, { status, priority: before.priority }, now, isStaff && !internal);
    const [ticket] = await tx
      .update(tickets)
      .set({ status, ...sla, updatedAt: now })
      .where(eq(tickets.id, before.id))
      .returning();
    await tx.insert(auditLogs).values({
      ticketId: before.id,
      actorId: args.author.id ?? null,
      actorName: args.author.name,
      action: reopened ? "ticket.reopened" : internal ? "note.created" : "comment.created",
      changes: reopened ? { status: { from: before.status, to: status } } : null,
      createdAt: now,
    });
    await afterTicketWrite(tx, {
      kind: "comment.created",
      ticket: ticket!,
      comment: comment!,
      reopened,
      actor: args.author,
    });
    return { comment: comment!, ticket: ticket!, reopened };
  });
}

/**
 * Publishes a domain event for a ticket after its transaction committed. `internal` events (internal
 * notes) reach staff only. A failing bus never fails the request whose write already committed.
 */
export async function publishTicketEvent(
  bus: EventBus,
  type: DomainEventType,
  ticket: Pick<TicketRow, "id" | "clientId">,
  options: { internal?: boolean } = {},
): Promise<void> {
  try {
    await bus.publish({ type, ticketId: ticket.id, clientId: ticket.clientId, internal: options.internal ?? false });
  } catch (error) {
    console.error(`publishing ${type} for ticket ${ticket.id} failed`, error);
  }
}
