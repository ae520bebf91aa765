// The one way a mail comes in, whichever door it used (the IMAP poller, the webhook). It decides what
// the mail becomes and writes that together with the mail itself in one transaction:
//   - an automated mail (automated.ts) or one over its sender's hourly limit: kept, nothing else;
//   - a reply to a ticket (match.ts): a public comment from the requester, a colleague or an address the
//     ticket copies, as a portal comment would be (it reopens a RESOLVED ticket and ends WAITING_CUSTOMER);
//   - either way the mail's To and Cc join the ticket's CC list (tickets/cc.ts);
//   - a new mail from a client user or a client company's domain: a new ticket of that company, held for
//     review when its sender is not authenticated (sender-auth.ts, a domain the company trusts) and
//     unacknowledged then, since the address may be someone else's (docs/decisions/0027-held-intake.md);
//   - anything else: an enquiry. A ticket needs a company and a stranger's mail is more often sales or
//     spam than support, so staff see it in the enquiry list and can turn it into a ticket there.
// The inbound_mails row's unique Message-ID makes a mail fetched twice (two instances, a retry) count once.
import { and, count, enquiries, eq, gt, inboundMails, isUniqueViolation, ne, type Database } from "@repo/db";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS, MAX_LENGTHS, type InboundOutcome } from "@repo/validators";
import { v7 as uuidv7 } from "uuid";
import type { EventBus } from "../../events.js";
import { checkFile, type NewAttachment, safeFilename, storeAttachments } from "../../files/attachments.js";
import { datedKey, type FileStore } from "../../files/store.js";
import { addComment, createTicket, inOuterTransaction } from "../../tickets/service.js";
import { keepMailCc } from "../../tickets/cc.js";
import { systemScope } from "../../auth/scope.js";
import { enqueueEnquiryMail } from "../triggers.js";
import { automatedReason } from "./automated.js";
import { readIdentity } from "../../site-content/published.js";
import { companiesTrustingDomain, senderCompany, ticketAnswered, clientUserByEmail } from "./match.js";
import { type DNSResolver, senderAuthentication } from "./sender-auth.js";
import { parseMail, type InboundMessage } from "./parse.js";
import { visibleReply } from "./reply-text.js";
import { clip, withNotes as textWithNotes } from "./text-budget.js";

export const MAIL_IN_LIMITS = {
  /** Mails one sender may turn into tickets, comments or enquiries per hour; the rest are only kept. */
  perSenderPerHour: 20,
  /** The largest raw message accepted (a 30 MB attachment grows to 41 MB in base64). */
  maxBytes: 50 * 1024 * 1024,
};

export type MailDoor = "imap" | "webhook";

export interface IngestResult {
  /** "duplicate": this Message-ID was ingested before; nothing was written. */
  outcome: InboundOutcome | "duplicate";
  reason?: string;
  mailId?: string;
  ticketId?: string;
  commentId?: string;
  enquiryId?: string;
}

export interface MailInServices {
  db: Database;
  bus: EventBus;
  files: FileStore;
  /** MAIL_IN_AUTHSERV_ID: whose Authentication-Results header is believed (sender-auth.ts). */
  config?: { MAIL_IN_AUTHSERV_ID?: string };
  /** Where DKIM keys are looked up; DNS when unset (tests serve their own key). */
  dkimResolver?: DNSResolver;
}

export async function ingestMail(
  services: MailInServices,
  raw: Buffer,
  via: MailDoor,
  now = new Date(),
): Promise<IngestResult> {
  const mail = await parseMail(raw);
  const { db, files } = services;
  const [seen] = await db
    .select({ id: inboundMails.id })
    .from(inboundMails)
    .where(eq(inboundMails.messageId, mail.messageId));
  if (seen) return { outcome: "duplicate", mailId: seen.id };

  const { supportEmail } = await readIdentity(db);
  const reason =
    automatedReason(mail, supportEmail) ?? ((await overSenderLimit(db, mail.from.address, now)) ? "rate limit" : null);
  // The original goes to the file store first; a mail that is then not written takes its file with it.
  const id = uuidv7();
  const fileKey = datedKey("mail", id, "eml", now);
  await files.put(fileKey, raw);
  const writtenKeys: string[] = [];
  // An ignored mail keeps its files in the original only: no need to type-check them.
  const attached = reason ? { accepted: [], notes: [] } : await attachmentsOf(mail);
  try {
    // Live events of the writes below go out only once the mail's transaction has committed.
    return await inOuterTransaction({ db, bus: services.bus }, async (writer, tx) => {
      const done: Omit<IngestResult, "mailId"> = reason
        ? { outcome: "ignored", reason }
        : await becomeWork(writer, mail, attached.notes, now, services);
      const [row] = await tx
        .insert(inboundMails)
        .values({
          id,
          messageId: mail.messageId,
          fromAddress: mail.from.address,
          fromName: mail.from.name,
          subject: mail.subject,
          via,
          outcome: done.outcome as InboundOutcome,
          reason: done.reason ?? null,
          ticketId: done.ticketId ?? null,
          commentId: done.commentId ?? null,
          enquiryId: done.enquiryId ?? null,
          size: raw.length,
          fileKey,
          receivedAt: now,
        })
        .returning({ id: inboundMails.id });
      if (done.ticketId && (done.outcome === "ticket" || done.outcome === "comment")) {
        const owner = { ticketId: done.ticketId, commentId: done.commentId ?? null, mailId: row!.id };
        writtenKeys.push(...(await storeAttachments(tx, files, owner, attached.accepted, now)));
      }
      return { ...done, mailId: row!.id };
    });
  } catch (error) {
    await files.remove([fileKey, ...writtenKeys]);
    // Another instance committed the same mail first: it is theirs, and nothing of ours was written.
    if (isUniqueViolation(error)) return { outcome: "duplicate" };
    throw error;
  }
}

async function overSenderLimit(db: Database, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 60 * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(inboundMails)
    .where(
      and(
        eq(inboundMails.fromAddress, address),
        gt(inboundMails.receivedAt, since),
        ne(inboundMails.outcome, "ignored"),
      ),
    );
  return (row?.n ?? 0) >= MAIL_IN_LIMITS.perSenderPerHour;
}

type Writer = { db: Database; bus: EventBus };

/** The mail's files that may be attached, and a line for each one that may not (the original keeps it). */
async function attachmentsOf(mail: InboundMessage): Promise<{ accepted: NewAttachment[]; notes: string[] }> {
  const accepted: NewAttachment[] = [];
  const notes: string[] = [];
  for (const file of mail.attachments) {
    const check = await checkFile(file.filename, file.content);
    if (check.ok && accepted.length < ATTACHMENT_LIMITS.maxFiles) {
      accepted.push({
        filename: file.filename,
        bytes: file.content,
        contentType: check.contentType,
        inline: file.inline,
      });
    } else {
      notes.push(
        `[${safeFilename(file.filename)} was not attached: ${check.ok ? ATTACHMENT_REFUSALS.count : check.reason}]`,
      );
    }
  }
  return { accepted, notes };
}

/** A mail's sender is matched to a ticket or a company by address, not signed in: the mail-in's own scope. */
const MAIL_IN = systemScope("mail-in");

async function becomeWork(
  writer: Writer,
  mail: InboundMessage,
  notes: string[],
  now: Date,
  services: MailInServices,
): Promise<Omit<IngestResult, "mailId">> {
  const name = mail.from.name ?? mail.from.address.split("@")[0]!;
  const withNotes = (text: string, max: number) => textWithNotes(text, notes, max);
  const signed = await senderAuthentication(mail, {
    authservId: services.config?.MAIL_IN_AUTHSERV_ID,
    resolver: services.dkimResolver,
  });
  const domain = mail.from.address.split("@")[1] ?? "";
  const trustedBy = await companiesTrustingDomain(writer.db, domain);
  const ticket = await ticketAnswered(writer.db, mail, signed.authenticated || trustedBy.length > 0);
  if (ticket) {
    const user = await clientUserByEmail(writer.db, mail.from.address);
    const { comment } = await addComment(writer, {
      ticketId: ticket.id,
      author: { id: user?.clientId === ticket.clientId ? user.id : null, name: user?.name ?? name, role: "CLIENT" },
      content: withNotes(visibleReply(mail.text) || "(no text)", MAX_LENGTHS.comment),
      internal: false,
      source: "email",
      scope: MAIL_IN,
      now,
    });
    await keepMailCc(writer.db, ticket, { from: mail.from.address, copied: mail.copied }, now);
    return { outcome: "comment", ticketId: ticket.id, commentId: comment.id };
  }

  const company = await senderCompany(writer.db, mail.from.address);
  if (company) {
    const authenticated = signed.authenticated || trustedBy.includes(company.clientId);
    const created = await createTicket(writer, {
      input: {
        title: clip(mail.subject || "(no subject)", MAX_LENGTHS.title),
        description: withNotes(mail.text || "(no text)", MAX_LENGTHS.description),
        type: "INCIDENT",
        priority: "P3",
        requesterName: clip(company.user?.name ?? name, MAX_LENGTHS.name),
        requesterEmail: mail.from.address,
        clientId: company.clientId,
      },
      source: "email",
      actor: { id: company.user?.id ?? null, name: company.user?.name ?? name, role: "CLIENT" },
      scope: MAIL_IN,
      now,
      hold: authenticated
        ? undefined
        : { reason: `Mail from ${mail.from.address} is not signed by ${domain || "its domain"}`, acknowledge: "none" },
    });
    await keepMailCc(writer.db, created, { from: mail.from.address, copied: mail.copied }, now);
    return { outcome: "ticket", ticketId: created.id };
  }

  const [first, ...rest] = (mail.from.name ?? "").split(/\s+/).filter(Boolean);
  const [enquiry] = await writer.db
    .insert(enquiries)
    .values({
      firstName: clip(first ?? name, MAX_LENGTHS.name),
      lastName: clip(rest.join(" "), MAX_LENGTHS.name),
      email: mail.from.address,
      message: clip([mail.subject, mail.text].filter(Boolean).join("\n\n"), MAX_LENGTHS.long),
      ref: "email",
      createdAt: now,
    })
    .returning();
  await enqueueEnquiryMail(writer.db, enquiry!);
  return { outcome: "enquiry", enquiryId: enquiry!.id };
}
