// Ticket writes as plain functions, shared by the staff and client routers, the public form and the
// assistant. Each write runs in one transaction: the ticket rows, its SLA fields, an audit row and the
// mails it causes (written to the outbox by mail/triggers.ts) commit together. After commit, the write
// publishes its live event itself, so no caller can forget it.
import { keepTimeOfDeletedTickets, recordTimeSpent } from "../time/ticket-time.js";
import {
  and,
  asc,
  auditLogs,
  clients,
  eq,
  inArray,
  inboundMails,
  isNotNull,
  isNull,
  isUuid,
  type Placeholder,
  preparedQuery,
  sql,
  ticketComments,
  tickets,
  users,
} from "@repo/db";
import type { DbExecutor, Tx } from "@repo/db";
import { randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { Person, Role, StaffTicket, TicketPriority, TicketStatus } from "@repo/validators";
import { ConflictError, InvalidError, StaleVersionError } from "../errors.js";
import type { DomainEvent, EventBus, TicketEventType } from "../events.js";
import { attachmentKeys } from "../files/attachments.js";
import type { FileStore } from "../files/store.js";
import { claimUploads, type UploadClaim } from "../files/uploads.js";
import { afterTicketChange } from "./after-change.js";
import {
  applyChange,
  blankSla,
  calendarOf,
  clockStops,
  pausedWorkingTime,
  slaStateAt,
  type SlaFields,
  type StopInterval,
} from "../sla/clock.js";
import { loadClientPolicies } from "../sla/policies.js";
import { getStaffTicket, ticketNotFound } from "./queries.js";
import { setDeviceLink } from "./ticket-device.js";
import { policiesOf, readWriteSettings, type WriteSettings } from "./write-settings.js";
import { type CommentRow, type TicketRow, toStaffTicket } from "./serialize.js";
import type { Actor, FieldChanges, NewTicket, TicketPatch, TicketSource } from "./types.js";
import { confinedClientId, type Scope } from "../auth/scope.js";
import { log } from "../logger.js";
import { provideTicketWrites } from "../automation/ticket-writes.js";

/** A ticket's reply token (docs/architecture.md §11a): 128 random bits, as 32 hex digits. */
export const newReplyToken = () => randomBytes(16).toString("hex");

/** What a write needs: the database, and the bus its live event goes out on after commit. */
export interface TicketWriter {
  /** The database, or a caller's transaction (see `inOuterTransaction`): a write nests as a savepoint. */
  db: DbExecutor;
  bus: EventBus;
}

/**
 * Ticket writes made inside a caller's own transaction (an enquiry converted, a mail taken in): they nest
 * as savepoints of `tx`, and their live events go out only once the whole has committed, so nobody is
 * told of a change that was rolled back.
 */
export async function inOuterTransaction<T>(
  writer: TicketWriter,
  work: (nested: TicketWriter, tx: Tx) => Promise<T>,
): Promise<T> {
  const events: DomainEvent[] = [];
  const bus: EventBus = { ...writer.bus, publish: async (event) => void events.push(event) };
  const result = await writer.db.transaction((tx) => work({ db: tx, bus }, tx));
  // A live event is a hint to refetch: one that cannot be sent must not fail the committed write.
  for (const event of events) await writer.bus.publish(event).catch(() => undefined);
  return result;
}

/**
 * What a change to an existing ticket is told besides its own input: `scope`, whose tickets it may reach
 * (a company scope's own; another company's ticket is not found), and `now`, its clock.
 */
interface ExistingTicketWrite {
  scope: Scope;
  now?: Date;
}

// Every write's first reads, built once (preparedQuery): a write runs them inside its transaction.
const byId = sql.placeholder("id");
const lockedTicket = preparedQuery("ticket_lock", (db) =>
  db.select().from(tickets).where(eq(tickets.id, byId)).for("update"),
);
const lockedCompanyTicket = preparedQuery("ticket_lock_in_company", (db) =>
  db
    .select()
    .from(tickets)
    // A held ticket is the staff's until accepted: not the company's to see or write (docs/architecture.md §11a).
    .where(and(eq(tickets.id, byId), eq(tickets.clientId, sql.placeholder("clientId")), eq(tickets.held, false)))
    .for("update"),
);
const clientById = preparedQuery("client_exists", (db) =>
  db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, byId)),
);

/** Each value of a prepared insert, as a placeholder of the same name. */
const placeholders = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as { [N in K]: Placeholder<N> };

// The rows every write inserts, built once too. Each names every column it sets, the id included: a
// column's default function runs when the query is built, so it would give every row the same id.
const SLA_COLUMNS = [
  "createdAt",
  "firstResponseAt",
  "resolvedAt",
  "closedAt",
  "responseDueAt",
  "resolutionDueAt",
  "pausedMs",
  "pausedAt",
  "reopenedAt",
] as const satisfies readonly (keyof SlaFields)[];
const insertedTicket = preparedQuery("ticket_insert", (db) =>
  db
    .insert(tickets)
    .values(
      placeholders(
        "id",
        "title",
        "description",
        "type",
        "priority",
        "status",
        "requesterName",
        "requesterEmail",
        "clientId",
        "assigneeId",
        "tags",
        "source",
        "updatedAt",
        "slaState",
        "held",
        "heldReason",
        "replyToken",
        ...SLA_COLUMNS,
      ),
    )
    .returning(),
);
const insertedComment = preparedQuery("comment_insert", (db) =>
  db
    .insert(ticketComments)
    .values(placeholders("id", "ticketId", "authorId", "authorName", "content", "internal", "source", "createdAt"))
    .returning(),
);
const auditEntry = preparedQuery("audit_insert", (db) =>
  db.insert(auditLogs).values(placeholders("id", "ticketId", "actorId", "actorName", "action", "changes", "createdAt")),
);

/** The ticket, locked for a write; a ticket outside `scope` is not found (CONTRIBUTING rule 1). */
export async function lockTicket(tx: Tx, id: string, scope: Scope): Promise<TicketRow> {
  if (!isUuid(id)) throw ticketNotFound();
  const clientId = confinedClientId(scope);
  const [row] = clientId ? await lockedCompanyTicket(tx, { id, clientId }) : await lockedTicket(tx, { id });
  if (!row) throw ticketNotFound();
  return row;
}

/** A company a ticket may be written for: one that exists, and the scope's own for a company scope. */
/** The company a write names, when the caller may reach it; its id and name. */
export async function assertClientExists(
  db: DbExecutor,
  scope: Scope,
  clientId: string,
): Promise<{ id: string; name: string }> {
  const confined = confinedClientId(scope);
  const reachable = isUuid(clientId) && (confined === undefined || confined === clientId);
  const [row] = reachable ? await clientById(db, { id: clientId }) : [];
  if (!row) throw new InvalidError("Please select a valid client");
  return row;
}

/**
 * A client names as requester only itself or a user of its own company: any other address would be
 * mailed about the ticket and could answer it by mail (docs/decisions/0027-held-intake.md). Staff may name
 * anyone.
 */
export async function assertRequesterOfCompany(db: DbExecutor, scope: Scope, requesterEmail: string): Promise<void> {
  if (scope.kind !== "company") return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, requesterEmail.trim().toLowerCase()),
        eq(users.clientId, scope.clientId),
        eq(users.role, "CLIENT"),
        sql`(${users.active} or ${users.id} = ${scope.userId})`,
      ),
    )
    .limit(1);
  if (!row) throw new InvalidError("Requester email must be your own or that of a user of your company");
}

/** VIEWER users, clients and deactivated staff can never be assigned (docs/product-spec.md §6). */
export async function assertAssignable(db: DbExecutor, userId: string): Promise<Person> {
  const [row] = isUuid(userId)
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.active, true), inArray(users.role, ["ADMIN", "AGENT"])))
    : [];
  if (!row) throw new InvalidError("Tickets can be assigned to active admins and agents only");
  return row;
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
  reopenedAt: row.reopenedAt,
});

/** The finished stops of a ticket's clock, from the status changes in its audit log. */
async function stopIntervals(tx: DbExecutor, ticketId: string, since: Date | null): Promise<StopInterval[]> {
  const rows = await tx
    .select({ changes: auditLogs.changes, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.ticketId, ticketId),
        // A merged duplicate's history moved here is that ticket's clock, not this one's.
        isNull(auditLogs.mergedFromId),
        isNotNull(sql`${auditLogs.changes} -> 'status'`),
      ),
    )
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
  // After a reopening only the stops since then count (docs/decisions/0016-reopen-restarts-resolution.md).
  return since ? stops.filter((s) => s.from.getTime() >= since.getTime()) : stops;
}

/**
 * The SLA fields and state after a change. When the new priority's policy runs on another calendar
 * (P1 around the clock, the others in business hours), the paused time is re-measured on that calendar
 * from the audit log, so no pause time is lost or invented.
 */
export async function nextSla(
  tx: Tx,
  before: TicketRow,
  after: { status: TicketStatus; priority: TicketPriority; clientId?: string },
  now: Date,
  /** `staffReply`: a public staff reply (the first response); `settings`: read before the lock. */
  { staffReply = false, settings }: { staffReply?: boolean; settings?: WriteSettings } = {},
) {
  const policies = await policiesOf(tx, before.clientId, settings);
  // Moved to another company: its plan times the ticket from now on (docs/decisions/0034-named-sla-plans.md).
  const moved = after.clientId !== undefined && after.clientId !== before.clientId;
  const policy = (moved ? await loadClientPolicies(tx, after.clientId!) : policies)[after.priority];
  const previous = slaFields(before);
  if (calendarOf(policies[before.priority]).kind !== calendarOf(policy).kind && previous.pausedMs > 0) {
    previous.pausedMs = pausedWorkingTime(await stopIntervals(tx, before.id, before.reopenedAt), calendarOf(policy));
  }
  const next = applyChange(previous, { status: after.status, policy, staffReply }, now);
  return { ...next, slaState: slaStateAt({ ...next, status: after.status }, policy, now) };
}

/** A ticket's audit row (its history), written in the change's transaction. */
export async function audit(
  tx: Tx,
  entry: { ticketId: string; actor: Actor; action: string; changes: FieldChanges | null; now: Date },
): Promise<void> {
  const { ticketId, actor, action, changes, now } = entry;
  await auditEntry(tx, {
    id: uuidv7(),
    ticketId,
    actorId: actor.id ?? null,
    actorName: actor.name,
    action,
    changes,
    createdAt: now,
  });
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

/**
 * Why a new ticket is held for review (docs/decisions/0027-held-intake.md): its sender is not known to be
 * who they say. `acknowledge` says what its requester is told: nothing (a mail nobody signed: the
 * address may be someone else's) or that it is being reviewed, without its text (the public form).
 */
export interface Hold {
  reason: string;
  acknowledge: "none" | "review";
}

/** A ticket just created, with what the write read on its way: enough to answer without reading it again. */
export interface OpenedTicket {
  ticket: TicketRow;
  client: { id: string; name: string };
  assignee: Person | null;
  /**
   * The ticket is exactly what was written: no rule changed it or added to it, and it has no attachments
   * or device. Its answer may then be made from the parts above (docs/performance.md §10b).
   */
  asWritten: boolean;
}

export async function createTicket(...args: Parameters<typeof openTicket>): Promise<TicketRow> {
  return (await openTicket(...args)).ticket;
}

export async function openTicket(
  { db, bus }: TicketWriter,
  args: {
    input: NewTicket;
    source: TicketSource;
    actor: Actor;
    scope: Scope;
    attachments?: UploadClaim;
    now?: Date;
    hold?: Hold;
    /** "none": its requester is not told (a ticket the system opens, as a device's compliance ticket). */
    acknowledge?: "none";
  },
): Promise<OpenedTicket> {
  const { input, source, actor } = args;
  const now = args.now ?? new Date();
  const status: TicketStatus = source === "staff" ? (input.status ?? "NEW") : "NEW";
  const assigneeId = source === "staff" ? input.assigneeId || null : null;
  const client = await assertClientExists(db, args.scope, input.clientId);
  await assertRequesterOfCompany(db, args.scope, input.requesterEmail);
  const assignee = assigneeId ? await assertAssignable(db, assigneeId) : null;
  let rulesActed = false;

  const created = await db.transaction(async (tx) => {
    // The company's plan decides the targets (docs/decisions/0034-named-sla-plans.md).
    const policy = (await loadClientPolicies(tx, input.clientId))[input.priority];
    // A ticket created past NEW (staff) has been looked at: that counts as the first response. A held
    // ticket's clock stands still from its creation, without due times, until staff accept it.
    const sla = args.hold ? { ...blankSla(now), pausedAt: now } : applyChange(blankSla(now), { status, policy }, now);
    const [ticket] = await insertedTicket(tx, {
      id: uuidv7(),
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
      slaState: args.hold ? "ok" : slaStateAt({ ...sla, status }, policy, now),
      held: Boolean(args.hold),
      heldReason: args.hold?.reason ?? null,
      replyToken: newReplyToken(),
    });
    await claimUploads(tx, args.attachments, { ticketId: ticket!.id });
    if (input.deviceId)
      await setDeviceLink(tx, { ticketId: ticket!.id, clientId: input.clientId, deviceId: input.deviceId });
    await audit(tx, {
      ticketId: ticket!.id,
      actor,
      action: "ticket.created",
      changes: { status: { from: null, to: status }, priority: { from: null, to: input.priority } },
      now,
    });
    rulesActed = await afterTicketChange(tx, {
      kind: "ticket.created",
      ticket: ticket!,
      source,
      actor,
      acknowledge: args.hold?.acknowledge ?? args.acknowledge ?? "full",
    });
    return ticket!;
  });
  await publishTicketEvent(bus, "ticket.created", created);
  const asWritten = !rulesActed && !input.deviceId && !args.attachments?.ids.length;
  return { ticket: created, client, assignee, asWritten };
}

/**
 * The staff view of a ticket just opened: made from what the write wrote and read when that is all there
 * is (a fresh ticket has no comments, mail or merged tickets), read again otherwise. Saves the six reads of
 * getStaffTicket on every staff create (docs/performance.md §10b).
 */
export async function openedStaffTicket(db: DbExecutor, scope: Scope, opened: OpenedTicket): Promise<StaffTicket> {
  if (!opened.asWritten) return getStaffTicket(db, scope, opened.ticket.id);
  return toStaffTicket(opened.ticket, {
    client: opened.client,
    assignee: opened.assignee,
    comments: [],
    mailId: null,
    attachments: [],
    device: null,
    mergedFrom: [],
  });
}

interface TicketUpdate extends ExistingTicketWrite {
  id: string;
  /** The change, or how to make it from the locked row (adding a tag keeps the tags it has). */
  patch: TicketPatch | ((before: TicketRow) => TicketPatch);
  actor: Actor;
  /** Runs on the locked row before anything is written; throw to refuse the change. */
  guard?: (before: TicketRow) => void;
  /** The version the edit was based on: another write since refuses it (docs/architecture.md §8a). */
  version?: number;
  /** false: no status or rating mail to the requester (an incident resolving its tickets tells them once). */
  requesterMail?: false;
}

interface UpdateResult {
  ticket: TicketRow;
  before: TicketRow;
  changes: FieldChanges;
}

/** Applies a patch; returns the row before and after, and `changes` (empty: nothing was written). */
export async function updateTicket({ db, bus }: TicketWriter, args: TicketUpdate): Promise<UpdateResult> {
  const now = args.now ?? new Date();
  // As a comment does (addComment): what needs no lock is read before it.
  const settings = await readWriteSettings(db, { ticketId: args.id, trigger: "ticket.updated", actor: args.actor });
  const result = await db.transaction((tx) => updateLocked(tx, args, now, settings));
  if (Object.keys(result.changes).length > 0) await publishTicketEvent(bus, "ticket.updated", result.ticket);
  return result;
}

/**
 * One change to many tickets (the staff list's bulk actions): all of them or none, in one transaction,
 * each audited and mailed as its own change, then one live event per changed ticket. Rows are locked in
 * id order, so two bulk changes over the same tickets wait for each other instead of deadlocking.
 */
export async function updateTickets(
  { db, bus }: TicketWriter,
  args: ExistingTicketWrite & { ids: string[]; patch: TicketUpdate["patch"]; actor: Actor },
): Promise<UpdateResult[]> {
  const now = args.now ?? new Date();
  const ids = [...new Set(args.ids)].sort();
  const results = await db.transaction(async (tx) => {
    const done: UpdateResult[] = [];
    for (const id of ids) done.push(await updateLocked(tx, { ...args, id }, now));
    return done;
  });
  for (const result of results) {
    if (Object.keys(result.changes).length > 0) await publishTicketEvent(bus, "ticket.updated", result.ticket);
  }
  return results;
}

async function updateLocked(tx: Tx, args: TicketUpdate, now: Date, settings?: WriteSettings): Promise<UpdateResult> {
  const before = await lockTicket(tx, args.id, args.scope);
  // Checked under the row lock, so of two edits based on one version exactly one is written.
  if (args.version !== undefined && args.version !== before.version) throw new StaleVersionError("ticket");
  args.guard?.(before);
  const patch: TicketPatch = typeof args.patch === "function" ? args.patch(before) : { ...args.patch };
  if (patch.assigneeId !== undefined) patch.assigneeId = patch.assigneeId || null;
  const changes = diff(before, patch);
  if (Object.keys(changes).length === 0) return { ticket: before, before, changes };
  if (changes.clientId) {
    await assertClientExists(tx, args.scope, patch.clientId!);
    // The device was the old company's: a ticket names devices of its own company only.
    await setDeviceLink(tx, { ticketId: before.id, clientId: patch.clientId!, deviceId: null });
  }
  if (changes.assigneeId && patch.assigneeId) await assertAssignable(tx, patch.assigneeId);
  if (changes.requesterEmail) await assertRequesterOfCompany(tx, args.scope, patch.requesterEmail!);
  // A held ticket stays NEW with its clock stopped until staff accept it (tickets/held.ts).
  if (changes.status && before.held) throw new ConflictError("Accept this held ticket before changing its status");

  const status = patch.status ?? before.status;
  const priority = patch.priority ?? before.priority;
  const sla = await nextSla(tx, before, { status, priority, clientId: patch.clientId ?? before.clientId }, now, {
    settings,
  });
  const values = Object.fromEntries(Object.keys(changes).map((k) => [k, patch[k as keyof TicketPatch]]));
  const [ticket] = await tx
    .update(tickets)
    .set({ ...values, ...sla, updatedAt: now })
    .where(eq(tickets.id, before.id))
    .returning();
  await audit(tx, { ticketId: before.id, actor: args.actor, action: "ticket.updated", changes, now });
  await afterTicketChange(
    tx,
    {
      kind: "ticket.updated",
      ticket: ticket!,
      before,
      changes,
      actor: args.actor,
      requesterMail: args.requesterMail,
    },
    settings,
  );
  return { ticket: ticket!, before, changes };
}

/**
 * Names the device a ticket is about, or none (null): a device of the ticket's own company only, checked
 * in the statement that writes the link. Audited as a change of `deviceId`; a live event when it changed.
 */
export async function setTicketDevice(
  { db, bus }: TicketWriter,
  args: ExistingTicketWrite & { id: string; deviceId: string | null; actor: Actor },
): Promise<{ ticket: TicketRow; changed: boolean }> {
  const now = args.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, args.id, args.scope);
    const { changed, from } = await setDeviceLink(tx, {
      ticketId: ticket.id,
      clientId: ticket.clientId,
      deviceId: args.deviceId,
    });
    if (!changed) return { ticket, changed };
    const [updated] = await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id)).returning();
    await audit(tx, {
      ticketId: ticket.id,
      actor: args.actor,
      action: "ticket.updated",
      changes: { deviceId: { from, to: args.deviceId } },
      now,
    });
    return { ticket: updated!, changed };
  });
  if (result.changed) await publishTicketEvent(bus, "ticket.updated", result.ticket);
  return result;
}

/**
 * Deletes a ticket with its comments, audit log, mails and attachments (ON DELETE CASCADE), and then
 * their files; returns the deleted row. A crash between the two leaves files without a row, never a row
 * without its file.
 */
export async function deleteTicket(
  writer: TicketWriter & { files: FileStore },
  args: { id: string; actor: Actor; scope: Scope },
): Promise<TicketRow> {
  const [deleted] = await deleteTickets(writer, { ...args, ids: [args.id] });
  return deleted!;
}

/** Deletes tickets as deleteTicket does, all of them or none in one transaction (the bulk delete). */
export async function deleteTickets(
  { db, bus, files }: TicketWriter & { files: FileStore },
  args: { ids: string[]; actor: Actor; scope: Scope },
): Promise<TicketRow[]> {
  const ids = [...new Set(args.ids)].sort();
  const { deleted, fileKeys } = await db.transaction(async (tx) => {
    const rows: TicketRow[] = [];
    for (const id of ids) rows.push(await lockTicket(tx, id, args.scope));
    const mails = await tx
      .select({ fileKey: inboundMails.fileKey })
      .from(inboundMails)
      .where(inArray(inboundMails.ticketId, ids));
    const fileKeys = [...mails.map((m) => m.fileKey), ...(await attachmentKeys(tx, ids))];
    for (const ticket of rows) await afterTicketChange(tx, { kind: "ticket.deleted", ticket, actor: args.actor });
    await keepTimeOfDeletedTickets(tx, ids);
    await tx.delete(tickets).where(inArray(tickets.id, ids));
    return { deleted: rows, fileKeys };
  });
  await files
    .remove(fileKeys)
    .catch((error) => log.error({ err: error, ticketIds: ids }, "removing deleted tickets' files failed"));
  for (const ticket of deleted) await publishTicketEvent(bus, "ticket.updated", ticket);
  return deleted;
}

/**
 * A client's comment answers the provider: on a RESOLVED ticket it reopens it to TRIAGED, and on a ticket
 * WAITING_CUSTOMER it ends the wait (IN_PROGRESS), so the SLA clock runs again. Staff comments change no status.
 */
function statusAfterComment(before: TicketStatus, isStaff: boolean): TicketStatus {
  if (isStaff) return before;
  if (before === "RESOLVED") return "TRIAGED";
  if (before === "WAITING_CUSTOMER") return "IN_PROGRESS";
  return before;
}

/**
 * Adds a comment. A public staff reply stamps the first response; a client comment may change the status
 * (statusAfterComment). Only staff may write internal notes: a client's `internal` is ignored.
 */
export async function addComment(
  { db, bus }: TicketWriter,
  args: ExistingTicketWrite & {
    ticketId: string;
    author: Actor & { role: Role };
    content: string;
    internal: boolean;
    /** Where it was written; by default the portal of the author's side ("client" or "staff"). */
    source?: TicketSource;
    attachments?: UploadClaim;
    /** Staff only: time spent, recorded as the author's time entry on the ticket. */
    timeSpent?: { minutes: number; workTypeId?: string };
    /** false: no reply mail to the requester (an incident update mails each requester once). */
    requesterMail?: false;
  },
): Promise<{ comment: CommentRow; ticket: TicketRow; reopened: boolean; statusChanged: boolean }> {
  const now = args.now ?? new Date();
  const isStaff = args.author.role !== "CLIENT";
  const internal = isStaff && args.internal;
  // Ten writes to one ticket wait for each other's lock: what needs no lock is read before it.
  const settings = await readWriteSettings(db, {
    ticketId: args.ticketId,
    trigger: "comment.created",
    actor: args.author,
  });

  const result = await db.transaction(async (tx) => {
    const before = await lockTicket(tx, args.ticketId, args.scope);
    const [comment] = await insertedComment(tx, {
      id: uuidv7(),
      ticketId: before.id,
      authorId: args.author.id ?? null,
      authorName: args.author.name,
      content: args.content,
      internal,
      source: args.source ?? (isStaff ? "staff" : "client"),
      createdAt: now,
    });
    const files = await claimUploads(tx, args.attachments, { ticketId: before.id, commentId: comment!.id });
    if (isStaff && args.timeSpent && args.author.id) {
      await recordTimeSpent(tx, { id: args.author.id, role: args.author.role }, before.id, args.timeSpent, now);
    }
    const status = statusAfterComment(before.status, isStaff);
    const reopened = before.status === "RESOLVED" && status !== before.status;
    const sla = await nextSla(tx, before, { status, priority: before.priority }, now, {
      staffReply: isStaff && !internal,
      settings,
    });
    const [ticket] = await tx
      .update(tickets)
      .set({ status, ...sla, updatedAt: now })
      .where(eq(tickets.id, before.id))
      .returning();
    await audit(tx, {
      ticketId: before.id,
      actor: args.author,
      action: reopened ? "ticket.reopened" : internal ? "note.created" : "comment.created",
      changes: status !== before.status ? { status: { from: before.status, to: status } } : null,
      now,
    });
    await afterTicketChange(
      tx,
      {
        kind: "comment.created",
        ticket: ticket!,
        comment: comment!,
        files,
        reopened,
        actor: args.author,
        requesterMail: args.requesterMail,
      },
      settings,
    );
    return { comment: comment!, ticket: ticket!, reopened, statusChanged: status !== before.status };
  });
  await publishTicketEvent(bus, "comment.created", result.ticket, { internal: result.comment.internal });
  // A status the comment changed (reopened, or the customer's answer) is a ticket update too.
  if (result.statusChanged) await publishTicketEvent(bus, "ticket.updated", result.ticket);
  return result;
}

/**
 * Publishes a domain event for a ticket after its transaction committed. `internal` events (internal
 * notes) reach staff only. A failing bus never fails the request whose write already committed.
 */
export async function publishTicketEvent(
  bus: EventBus,
  type: TicketEventType,
  ticket: Pick<TicketRow, "id" | "clientId"> & { held?: boolean },
  options: { internal?: boolean } = {},
): Promise<void> {
  // A held ticket is the staff's alone: its company's sockets do not hear of it.
  const internal = Boolean(options.internal || ticket.held);
  try {
    await bus.publish({ type, ticketId: ticket.id, clientId: ticket.clientId, internal });
  } catch (error) {
    log.error({ err: error, ticketId: ticket.id, event: type }, "publishing a ticket event failed");
  }
}

// Automation rules change tickets through these writes; they are handed over rather than imported, since
// the rules run inside these writes (automation/ticket-writes.ts).
provideTicketWrites({ updateTicket, addComment });
