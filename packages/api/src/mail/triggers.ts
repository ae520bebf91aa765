// Which change causes which mail (docs/architecture.md "Email: the outbox"): each function runs inside the transaction of its change and
// writes the mails to the outbox, so they commit or roll back with it.
//   requester: ticket received, a public staff reply (copying the ticket's CC list while its switch is on),
//              a status change to WAITING_CUSTOMER/RESOLVED/CLOSED
//              (on finishing, with the rating links)
//   provider's inbox: a new enquiry, a ticket opened from outside the staff, a client's comment
//   assignee: a ticket assigned to them (not by themselves), an SLA at-risk or overdue transition (by the
//             sweep, or by a write such as a raised priority); the support inbox when unassigned
// An internal note causes no mail at all; nor does a write that tells its requester otherwise (an incident
// update mails each requester once, incidents/notify.ts).
import { and, eq, preparedQuery, sql, users, type DbExecutor } from "@repo/db";
import { FINISHED_STATUSES, type SlaAlertState } from "@repo/validators";
import type { TicketChange } from "../tickets/types.js";
import type { TicketRow } from "../tickets/serialize.js";
import { issueRatingLink } from "../satisfaction/links.js";
import { ccOfReply } from "../tickets/cc-recipients.js";
import { readIdentity } from "../site-content/published.js";
import { enqueueMail } from "./outbox.js";
import { ticketReplyTo } from "./threading.js";
import {
  REQUESTER_STATUSES,
  assignedMail,
  clientCommentMail,
  enquiryMail,
  mergedMail,
  newTicketMail,
  slaMail,
  staffReplyMail,
  statusChangedMail,
  ticketReceivedMail,
  ticketUnderReviewMail,
  type EnquiryForMail,
  type MailContent,
} from "./templates.js";

/** A requester who has a client-portal account of the ticket's company gets a link to the portal. */
/** Asked of every ticket created, inside its transaction: built once (preparedQuery). */
const activeClientUser = preparedQuery("requester_client_user", (db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, sql.placeholder("email")),
        eq(users.role, "CLIENT"),
        eq(users.clientId, sql.placeholder("clientId")),
        eq(users.active, true),
      ),
    )
    .limit(1),
);

async function requesterIsClientUser(tx: DbExecutor, ticket: TicketRow): Promise<boolean> {
  const [row] = await activeClientUser(tx, { email: ticket.requesterEmail.toLowerCase(), clientId: ticket.clientId });
  return Boolean(row);
}

async function staffMember(tx: DbExecutor, id: string | null): Promise<{ name: string; email: string } | null> {
  if (!id) return null;
  const [row] = await tx
    .select({ name: users.name, email: users.email, active: users.active })
    .from(users)
    .where(eq(users.id, id));
  return row?.active ? { name: row.name, email: row.email } : null;
}

/** A ticket's mail, threaded with it and asking replies to go to its reply token's address. */
const withReplyToken = (mail: MailContent, ticket: TicketRow) => ({
  ...mail,
  ticketId: ticket.id,
  replyTo: mail.replyTo ?? ticketReplyTo(ticket.replyToken),
});

/** The mails of one ticket write (called by tickets/service.ts inside the write's transaction). */
export async function enqueueTicketMails(tx: DbExecutor, change: TicketChange): Promise<void> {
  const { ticket, actor } = change;
  const provider = await readIdentity(tx);
  const mails: MailContent[] = [];
  const assignedByOther = async () => {
    if (!ticket.assigneeId || ticket.assigneeId === actor.id) return;
    const assignee = await staffMember(tx, ticket.assigneeId);
    if (assignee) mails.push(assignedMail(provider, ticket, assignee));
  };

  switch (change.kind) {
    case "ticket.created": {
      // A held ticket's requester may not be who the ticket says (docs/decisions/0027-held-intake.md).
      if (change.acknowledge === "full" || change.acknowledge === "accepted") {
        mails.push(ticketReceivedMail(provider, ticket, { isClientUser: await requesterIsClientUser(tx, ticket) }));
      } else if (change.acknowledge === "review") {
        mails.push(ticketUnderReviewMail(provider, ticket));
      }
      if (change.source !== "staff" && change.acknowledge !== "accepted")
        mails.push(newTicketMail(provider, ticket, change.source));
      await assignedByOther();
      break;
    }
    case "ticket.updated": {
      if (change.changes.status && REQUESTER_STATUSES.includes(ticket.status) && change.requesterMail !== false) {
        // A ticket that has just finished asks its requester for a rating (docs/architecture.md §18).
        const justFinished =
          FINISHED_STATUSES.includes(ticket.status) && !FINISHED_STATUSES.includes(change.before.status);
        const ratingToken = justFinished ? await issueRatingLink(tx, ticket) : null;
        mails.push(
          statusChangedMail(provider, ticket, { isClientUser: await requesterIsClientUser(tx, ticket), ratingToken }),
        );
      }
      if (change.changes.assigneeId) await assignedByOther();
      // A write can cross into at-risk or overdue itself (a raised priority); the sweep then sees no
      // crossing, so the mail is written here.
      if (ticket.slaState !== change.before.slaState && ticket.slaState !== "ok") {
        mails.push(slaMail(provider, ticket, ticket.slaState, await staffMember(tx, ticket.assigneeId)));
      }
      break;
    }
    case "comment.created": {
      const { comment } = change;
      if (comment.internal || change.requesterMail === false) break;
      if (actor.role === "CLIENT") {
        mails.push(clientCommentMail(provider, ticket, comment, { reopened: change.reopened }));
      } else {
        const isClientUser = await requesterIsClientUser(tx, ticket);
        const reply = staffReplyMail(provider, ticket, comment, { isClientUser, files: change.files });
        // Only a public reply copies the CC list: never a note (above), nor any other mail of the ticket.
        const cc = await ccOfReply(tx, ticket);
        mails.push(cc.length ? { ...reply, cc } : reply);
      }
      break;
    }
    case "ticket.deleted":
      // Mails already queued for the ticket still go out (their ticketId becomes null).
      break;
  }
  for (const mail of mails) await enqueueMail(tx, withReplyToken(mail, ticket));
}

/** A merged duplicate's requester, told which ticket the conversation continues on (inside the merge). */
export async function enqueueMergedMail(tx: DbExecutor, source: TicketRow, target: TicketRow): Promise<void> {
  const mail = mergedMail(await readIdentity(tx), source, target, {
    isClientUser: await requesterIsClientUser(tx, target),
  });
  await enqueueMail(tx, { ...mail, ticketId: target.id });
}

/** A new contact enquiry, to the provider's inbox (call inside the transaction that stores it). */
export async function enqueueEnquiryMail(tx: DbExecutor, enquiry: EnquiryForMail): Promise<void> {
  await enqueueMail(tx, enquiryMail(await readIdentity(tx), enquiry));
}

/** An SLA transition into at-risk or overdue, to the assignee (or the support inbox when unassigned). */
export async function enqueueSlaMail(tx: DbExecutor, ticket: TicketRow, state: SlaAlertState): Promise<void> {
  const assignee = await staffMember(tx, ticket.assigneeId);
  const provider = await readIdentity(tx);
  await enqueueMail(tx, withReplyToken(slaMail(provider, ticket, state, assignee), ticket));
}
