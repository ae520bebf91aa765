// A ticket's CC list (docs/features.md §5, docs/decisions/0032-ticket-cc.md): the people copied on its
// mails besides the requester. Mail in keeps the To and Cc of each mail that opens or answers the ticket;
// staff add and remove addresses; while the ticket's switch is on, public staff replies copy them
// (mail/triggers.ts). Clients read their own ticket's list; another company's ticket is not found.
import { and, asc, eq, isUuid, ticketCc, ticketCcSettings, type DbExecutor, type Tx } from "@repo/db";
import { site } from "@repo/content";
import { TICKET_CC_LIMITS, type TicketCcList, type TicketCcSource } from "@repo/validators";
import { InvalidError, NotFoundError } from "../errors.js";
import type { Scope } from "../auth/scope.js";
import { assertTicketExists } from "./queries.js";
import { copiesReplies } from "./cc-recipients.js";
import { audit, lockTicket, publishTicketEvent, type TicketWriter } from "./service.js";
import type { TicketRow } from "./serialize.js";
import type { Actor, FieldChanges } from "./types.js";

/** The domains of our own mailboxes: mail to them is mail to us, never a person to copy. */
const OWN_DOMAINS = new Set([site.email, site.supportEmail].map((a) => a.split("@")[1]!.toLowerCase()));

export const isOwnAddress = (address: string) => OWN_DOMAINS.has(address.split("@")[1]?.toLowerCase() ?? "");

/** The list as the API answers it, oldest address first; "Ticket not found" outside `scope`. */
export async function ticketCcOf(db: DbExecutor, scope: Scope, ticketId: string): Promise<TicketCcList> {
  await assertTicketExists(db, scope, ticketId);
  return ccList(db, ticketId);
}

async function ccList(db: DbExecutor, ticketId: string): Promise<TicketCcList> {
  const rows = await db
    .select()
    .from(ticketCc)
    .where(eq(ticketCc.ticketId, ticketId))
    .orderBy(asc(ticketCc.createdAt), asc(ticketCc.id));
  return {
    copyOnReplies: await copiesReplies(db, ticketId),
    addresses: rows.map((r) => ({
      id: r.id,
      email: r.email,
      addedVia: r.addedVia,
      addedAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Keeps the people a mail was copied to (its To and Cc but our own mailboxes, its sender and the ticket's
 * requester) on the ticket, inside the mail's transaction; a reply's comment holds the ticket's row lock
 * there already, so two mails at once cannot pass the limit together.
 */
export async function keepMailCc(
  tx: DbExecutor,
  ticket: { id: string; requesterEmail: string },
  mail: { from: string; copied: readonly string[] },
  now: Date,
): Promise<void> {
  const from = mail.from.toLowerCase();
  const copied = mail.copied.map((a) => a.toLowerCase()).filter((a) => a.includes("@") && a !== from);
  await keepCc(
    tx,
    ticket,
    copied.map((email) => ({ email, addedVia: "mail" as const })),
    now,
  );
}

/**
 * A merged duplicate's CC list joins the ticket it was merged into (tickets/merge.ts), where the
 * conversation goes on; the duplicate keeps its own, so a late reply to it is still recognised.
 */
export async function carryCcOnMerge(
  tx: DbExecutor,
  sourceId: string,
  target: { id: string; requesterEmail: string },
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ email: ticketCc.email, addedVia: ticketCc.addedVia })
    .from(ticketCc)
    .where(eq(ticketCc.ticketId, sourceId))
    .orderBy(asc(ticketCc.createdAt), asc(ticketCc.id));
  await keepCc(tx, target, rows, now);
}

/**
 * Adds addresses the ticket does not copy yet, never its requester or our own mailboxes. Past the limit
 * the rest are dropped: a mail or a merge has no one to tell.
 */
async function keepCc(
  tx: DbExecutor,
  ticket: { id: string; requesterEmail: string },
  entries: readonly { email: string; addedVia: TicketCcSource }[],
  now: Date,
): Promise<void> {
  const requester = ticket.requesterEmail.toLowerCase();
  // The first of an address's entries wins: the oldest on a merged list, the To before the Cc of a mail.
  const byEmail = new Map<string, (typeof entries)[number]>();
  for (const e of entries) if (!byEmail.has(e.email)) byEmail.set(e.email, e);
  const wanted = [...byEmail.values()].filter((e) => e.email !== requester && !isOwnAddress(e.email));
  if (!wanted.length) return;
  const existing = new Set(
    (await tx.select({ email: ticketCc.email }).from(ticketCc).where(eq(ticketCc.ticketId, ticket.id))).map(
      (r) => r.email,
    ),
  );
  const room = TICKET_CC_LIMITS.maxAddresses - existing.size;
  const fresh = wanted.filter((e) => !existing.has(e.email)).slice(0, Math.max(room, 0));
  if (!fresh.length) return;
  await tx
    .insert(ticketCc)
    .values(fresh.map((e) => ({ ticketId: ticket.id, email: e.email, addedVia: e.addedVia, createdAt: now })))
    .onConflictDoNothing();
}

type CcWrite = { ticketId: string; actor: Actor; scope: Scope; now?: Date };

/** Staff copy one more address on the ticket; the ticket's row lock queues two adds past the limit. */
export async function addTicketCc(writer: TicketWriter, args: CcWrite & { email: string }): Promise<TicketCcList> {
  const email = args.email.trim().toLowerCase();
  return ccWrite(writer, args, async (tx, ticket, now) => {
    if (isOwnAddress(email)) throw new InvalidError(`${email} is one of our own addresses`);
    if (email === ticket.requesterEmail.toLowerCase()) {
      throw new InvalidError(`${email} is the ticket's requester, who gets its mails already`);
    }
    const rows = await tx.select({ email: ticketCc.email }).from(ticketCc).where(eq(ticketCc.ticketId, ticket.id));
    if (rows.some((r) => r.email === email)) return null;
    if (rows.length >= TICKET_CC_LIMITS.maxAddresses) {
      throw new InvalidError(`A ticket may copy at most ${TICKET_CC_LIMITS.maxAddresses} addresses`);
    }
    await tx
      .insert(ticketCc)
      .values({ ticketId: ticket.id, email, addedVia: "staff", addedById: args.actor.id ?? null, createdAt: now });
    return { action: "cc.added", changes: { cc: { from: null, to: email } } };
  });
}

/** Staff take an address off the list, named by its id; an id of another ticket's list is not found. */
export async function removeTicketCc(writer: TicketWriter, args: CcWrite & { ccId: string }): Promise<TicketCcList> {
  return ccWrite(writer, args, async (tx, ticket) => {
    const [row] = isUuid(args.ccId)
      ? await tx
          .delete(ticketCc)
          .where(and(eq(ticketCc.id, args.ccId), eq(ticketCc.ticketId, ticket.id)))
          .returning({ email: ticketCc.email })
      : [];
    if (!row) throw NotFoundError.of("CC address");
    return { action: "cc.removed", changes: { cc: { from: row.email, to: null } } };
  });
}

/** Turns the copying of public staff replies on or off. */
export async function setTicketCcCopy(
  writer: TicketWriter,
  args: CcWrite & { copyOnReplies: boolean },
): Promise<TicketCcList> {
  return ccWrite(writer, args, async (tx, ticket) => {
    const before = await copiesReplies(tx, ticket.id);
    if (before === args.copyOnReplies) return null;
    await tx
      .insert(ticketCcSettings)
      .values({ ticketId: ticket.id, copyOnReplies: args.copyOnReplies })
      .onConflictDoUpdate({ target: ticketCcSettings.ticketId, set: { copyOnReplies: args.copyOnReplies } });
    return { action: "cc.copy", changes: { copyCcOnReplies: { from: before, to: args.copyOnReplies } } };
  });
}

/**
 * One staff change of the list: under the ticket's row lock (in `scope`), audited, then announced, so
 * another open ticket page refetches. `change` answers null when there was nothing to do.
 */
async function ccWrite(
  { db, bus }: TicketWriter,
  args: CcWrite,
  change: (tx: Tx, ticket: TicketRow, now: Date) => Promise<{ action: string; changes: FieldChanges } | null>,
): Promise<TicketCcList> {
  const now = args.now ?? new Date();
  const done = await db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, args.ticketId, args.scope);
    const audited = await change(tx, ticket, now);
    if (audited) await audit(tx, { ticketId: ticket.id, actor: args.actor, now, ...audited });
    return { ticket, changed: Boolean(audited) };
  });
  if (done.changed) await publishTicketEvent(bus, "ticket.updated", done.ticket);
  return ccList(db, done.ticket.id);
}
