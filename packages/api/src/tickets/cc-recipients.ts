// The reads of a ticket's CC list that its mails need (mail/triggers.ts), apart from the writes in cc.ts,
// which take the ticket's lock from service.ts: the triggers run inside those writes (docs/features.md §5).
import { asc, eq, ticketCc, ticketCcSettings, type DbExecutor } from "@repo/db";

/** The ticket's switch: no row is the default, on. */
export async function copiesReplies(db: DbExecutor, ticketId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: ticketCcSettings.copyOnReplies })
    .from(ticketCcSettings)
    .where(eq(ticketCcSettings.ticketId, ticketId));
  return row?.on ?? true;
}

/**
 * The addresses a public staff reply copies (inside the reply's transaction): none while the ticket's
 * switch is off, and never the requester, who is the mail's To already.
 */
export async function ccOfReply(tx: DbExecutor, ticket: { id: string; requesterEmail: string }): Promise<string[]> {
  if (!(await copiesReplies(tx, ticket.id))) return [];
  const rows = await tx
    .select({ email: ticketCc.email })
    .from(ticketCc)
    .where(eq(ticketCc.ticketId, ticket.id))
    .orderBy(asc(ticketCc.createdAt), asc(ticketCc.id));
  const requester = ticket.requesterEmail.toLowerCase();
  return rows.map((r) => r.email).filter((email) => email !== requester);
}
