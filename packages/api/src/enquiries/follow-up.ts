// The enquiry follow-up (docs/features.md §8): where an enquiry stands and who owns it, staff notes, and turning an
// enquiry that is really a support request into a ticket. Staff only; the routers check the role.
import { asc, enquiries, enquiryNotes, eq, isUuid, type Tx } from "@repo/db";
import type { EnquiryStatus, TicketPriority, TicketType } from "@repo/validators";
import { ConflictError, NotFoundError } from "../errors.js";
import { assertAssignable, createTicket, inOuterTransaction, type TicketWriter } from "../tickets/service.js";
import type { Actor } from "../tickets/types.js";
import type { Scope } from "../auth/scope.js";

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryNoteRow = typeof enquiryNotes.$inferSelect;

const enquiryNotFound = () => NotFoundError.of("Enquiry");

async function lockEnquiry(tx: Tx, id: string): Promise<EnquiryRow> {
  if (!isUuid(id)) throw enquiryNotFound();
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
  if (!row) throw enquiryNotFound();
  return row;
}

export async function enquiryWithNotes(db: TicketWriter["db"], id: string) {
  const [row] = isUuid(id) ? await db.select().from(enquiries).where(eq(enquiries.id, id)) : [];
  if (!row) throw enquiryNotFound();
  const notes = await db
    .select()
    .from(enquiryNotes)
    .where(eq(enquiryNotes.enquiryId, id))
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
  return { enquiry: row, notes };
}

/** Status and/or owner (null: nobody). The first move away from "new" stamps handledAt. */
export async function updateEnquiry(
  { db }: Pick<TicketWriter, "db">,
  args: { id: string; status?: EnquiryStatus; ownerId?: string | null },
): Promise<EnquiryRow> {
  return db.transaction(async (tx) => {
    const before = await lockEnquiry(tx, args.id);
    if (args.ownerId) await assertAssignable(tx, args.ownerId);
    const leavesNew = args.status !== undefined && args.status !== "new" && !before.handledAt;
    const [row] = await tx
      .update(enquiries)
      .set({
        ...(args.status !== undefined ? { status: args.status } : {}),
        ...(args.ownerId !== undefined ? { ownerId: args.ownerId } : {}),
        ...(leavesNew ? { handledAt: new Date() } : {}),
      })
      .where(eq(enquiries.id, before.id))
      .returning();
    return row!;
  });
}

export async function addEnquiryNote(
  { db }: Pick<TicketWriter, "db">,
  args: { id: string; author: Required<Pick<Actor, "id" | "name">>; content: string },
): Promise<EnquiryNoteRow> {
  return db.transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, args.id);
    const [note] = await tx
      .insert(enquiryNotes)
      .values({ enquiryId: enquiry.id, authorId: args.author.id, authorName: args.author.name, content: args.content })
      .returning();
    await tx.update(enquiries).set({ updatedAt: new Date() }).where(eq(enquiries.id, enquiry.id));
    return note!;
  });
}

/** The ticket's description: the visitor's own words, and where they came from. */
function ticketDescription(enquiry: EnquiryRow): string {
  const from = `From the contact form enquiry of ${enquiry.firstName} ${enquiry.lastName} <${enquiry.email}>`;
  return enquiry.message?.trim() ? `${enquiry.message.trim()}\n\n(${from}.)` : `${from}, who left no message.`;
}

/**
 * An enquiry that is really a support request becomes a ticket for the client it concerns, with the
 * visitor as requester; the enquiry keeps a link to it and counts as contacted. Once only: the enquiry's
 * row stays locked while the ticket is written (a savepoint inside this transaction), so two people
 * converting it at once make one ticket, and the second is told it is done.
 */
export async function convertEnquiry(
  writer: TicketWriter,
  args: { id: string; clientId: string; type: TicketType; priority: TicketPriority; actor: Actor; scope: Scope },
) {
  return inOuterTransaction(writer, async (nested, tx) => {
    const enquiry = await lockEnquiry(tx, args.id);
    if (enquiry.ticketId) throw new ConflictError("This enquiry is already a ticket");
    const firstLine = enquiry.message?.trim().split("\n")[0]?.trim().slice(0, 120);
    const name = `${enquiry.firstName} ${enquiry.lastName}`;
    const ticket = await createTicket(nested, {
      input: {
        title: firstLine && firstLine.length >= 3 ? firstLine : `Support request from ${name}`,
        description: ticketDescription(enquiry),
        type: args.type,
        priority: args.priority,
        requesterName: name,
        requesterEmail: enquiry.email,
        clientId: args.clientId,
      },
      source: "staff",
      actor: args.actor,
      scope: args.scope,
    });
    const [converted] = await tx
      .update(enquiries)
      .set({
        ticketId: ticket.id,
        status: enquiry.status === "new" ? "contacted" : enquiry.status,
        handledAt: enquiry.handledAt ?? new Date(),
      })
      .where(eq(enquiries.id, enquiry.id))
      .returning();
    return { enquiry: converted!, ticket };
  });
}
