// Where a mail belongs: the ticket it answers, or else the client company that sent it.
//
// A reply names its ticket three ways, tried most exact first: the ids of our mails in In-Reply-To /
// References (threading.ts), the support+<ref>@ address our mails ask replies to go to, and "[#<ref>]" in
// the subject. Only the ticket's requester or a user of its company may comment by mail: anyone else who
// writes with a reference opens a mail of their own, so a guessed reference gives no access to a ticket.
import { and, clients, eq, outbox, sql, tickets, users, type DbExecutor } from "@repo/db";
import { site } from "@repo/content";
import type { TicketRow } from "../../tickets/serialize.js";
import { mailDomain } from "../threading.js";
import type { InboundMessage } from "./parse.js";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const escapeDots = (s: string) => s.replace(/[.+]/g, (c) => `\\${c}`);
const THREAD_ID = new RegExp(`^<(ticket|mail)-(${UUID})@${escapeDots(mailDomain)}>$`, "i");
const [supportLocal, supportDomain] = site.supportEmail.toLowerCase().split("@");
const REPLY_ADDRESS = new RegExp(`^${escapeDots(supportLocal!)}\\+([0-9a-f]{8})@${escapeDots(supportDomain!)}$`);
const SUBJECT_REF = /\[#([0-9a-f]{8})\]/i;

/** The ticket this mail answers, if its sender may answer it. */
export async function ticketAnswered(db: DbExecutor, mail: InboundMessage): Promise<TicketRow | null> {
  const candidates: TicketRow[] = [];
  for (const id of [...mail.inReplyTo, ...mail.references].reverse()) {
    const match = THREAD_ID.exec(id);
    if (!match) continue;
    const ticketId = match[1]!.toLowerCase() === "ticket" ? match[2]! : await ticketOfMail(db, match[2]!);
    if (ticketId) candidates.push(...(await db.select().from(tickets).where(eq(tickets.id, ticketId))));
  }
  const refs = [
    ...mail.recipients.map((address) => REPLY_ADDRESS.exec(address)?.[1]),
    SUBJECT_REF.exec(mail.subject)?.[1]?.toLowerCase(),
  ].filter((ref): ref is string => Boolean(ref));
  for (const ref of new Set(refs)) {
    // A reference is the id's last eight hex digits (ticketReference); the id's text ends with it.
    candidates.push(
      ...(await db
        .select()
        .from(tickets)
        .where(sql`${tickets.id}::text like ${`%${ref}`}`)),
    );
  }
  for (const ticket of candidates) {
    if (await mayAnswer(db, ticket, mail.from.address)) return followMerge(db, ticket);
  }
  return null;
}

/**
 * A reply to a duplicate that was merged goes on the ticket it was merged into, where its conversation
 * now is (docs/architecture.md §18). One step is enough: a merged ticket is never a merge's target.
 */
async function followMerge(db: DbExecutor, ticket: TicketRow): Promise<TicketRow> {
  if (!ticket.mergedIntoId) return ticket;
  const [target] = await db.select().from(tickets).where(eq(tickets.id, ticket.mergedIntoId));
  return target ?? ticket;
}

async function ticketOfMail(db: DbExecutor, outboxId: string): Promise<string | null> {
  const [row] = await db.select({ ticketId: outbox.ticketId }).from(outbox).where(eq(outbox.id, outboxId));
  return row?.ticketId ?? null;
}

async function mayAnswer(db: DbExecutor, ticket: TicketRow, sender: string): Promise<boolean> {
  if (ticket.requesterEmail.toLowerCase() === sender) return true;
  return (await clientUserByEmail(db, sender))?.clientId === ticket.clientId;
}

/** An active client-portal account with this address. */
export async function clientUserByEmail(
  db: DbExecutor,
  address: string,
): Promise<{ id: string; name: string; clientId: string } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, clientId: users.clientId })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, address), eq(users.role, "CLIENT"), eq(users.active, true)))
    .limit(1);
  return row?.clientId ? { id: row.id, name: row.name, clientId: row.clientId } : null;
}

/** Mail providers whose addresses say nothing about the company a person works for. */
const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.ca",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "zoho.com",
  "rogers.com",
  "bell.net",
  "shaw.ca",
  "sympatico.ca",
]);

/**
 * The company a new mail is from: the company of a client user with the sender's address, or else the
 * one company whose users or contact address share the sender's domain (never a public mail domain).
 */
export async function senderCompany(
  db: DbExecutor,
  address: string,
): Promise<{ clientId: string; user: { id: string; name: string } | null } | null> {
  const user = await clientUserByEmail(db, address);
  if (user) return { clientId: user.clientId, user };
  const domain = address.split("@")[1] ?? "";
  if (!domain || PUBLIC_MAIL_DOMAINS.has(domain)) return null;
  const rows = await db
    .selectDistinct({ clientId: clients.id })
    .from(clients)
    .leftJoin(users, and(eq(users.clientId, clients.id), eq(users.role, "CLIENT")))
    .where(
      sql`split_part(lower(${clients.contactEmail}), '@', 2) = ${domain} or split_part(lower(${users.email}), '@', 2) = ${domain}`,
    );
  return rows.length === 1 ? { clientId: rows[0]!.clientId, user: null } : null;
}
