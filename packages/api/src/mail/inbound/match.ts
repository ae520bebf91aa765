// Where a mail belongs: the ticket it answers, or else the client company that sent it.
//
// A reply names its ticket four ways. The reply token our mails carry in their Reply-To
// (support+<token>@, 128 random bits, docs/architecture.md §11a) is a secret only the recipients of our
// mails hold: it counts whoever sent the mail. The ids of our mails in In-Reply-To / References
// (threading.ts), a support+<ref>@ address and "[#<ref>]" in the subject are not secret (a reference is
// eight hex digits, a ticket's id is on its pages): they count only for a mail whose sender is
// authenticated (sender-auth.ts). Either way only the ticket's requester, someone of its company or an
// address on its CC list may comment by mail (mayAnswer): anyone else who writes opens a mail of their
// own, so a guessed reference gives no access.
import { and, clients, eq, inArray, outbox, sql, ticketCc, tickets, users, type DbExecutor } from "@repo/db";
import { site } from "@repo/content";
import type { TicketRow } from "../../tickets/serialize.js";
import { mailDomain } from "../threading.js";
import type { InboundMessage } from "./parse.js";

/**
 * How many thread ids and how many references one mail may try: a reply names one ticket, and a mail
 * naming thousands would cost a look-up each and be as many guesses.
 */
export const MAX_REFERENCES_TRIED = 5;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const escapeDots = (s: string) => s.replace(/[.+]/g, (c) => `\\${c}`);
const THREAD_ID = new RegExp(`^<(ticket|mail)-(${UUID})@${escapeDots(mailDomain)}>$`, "i");
const [supportLocal, supportDomain] = site.supportEmail.toLowerCase().split("@");
const REPLY_ADDRESS = new RegExp(`^${escapeDots(supportLocal!)}\\+([0-9a-f]{8})@${escapeDots(supportDomain!)}$`);
/** A reply token: 32 hex digits (tickets made before tokens were drawn got 64). */
const TOKEN_ADDRESS = new RegExp(
  `^${escapeDots(supportLocal!)}\\+([0-9a-f]{32}|[0-9a-f]{64})@${escapeDots(supportDomain!)}$`,
);
const SUBJECT_REF = /\[#([0-9a-f]{8})\]/i;

/**
 * The ticket this mail answers, if its sender may answer it. `authenticated`: the sender is who From says
 * (sender-auth.ts); without it only a reply token names a ticket.
 */
export async function ticketAnswered(
  db: DbExecutor,
  mail: InboundMessage,
  authenticated: boolean,
): Promise<TicketRow | null> {
  const candidates: TicketRow[] = [];
  const tokens = [...new Set(mail.recipients.map((a) => TOKEN_ADDRESS.exec(a)?.[1]).filter(Boolean))] as string[];
  if (tokens.length) {
    candidates.push(
      ...(await db
        .select()
        .from(tickets)
        .where(inArray(tickets.replyToken, tokens.slice(0, MAX_REFERENCES_TRIED)))),
    );
  }
  if (authenticated) {
    // The newest ids come last in References: tried first, and only the newest few.
    const threadIds = [...mail.inReplyTo, ...mail.references]
      .reverse()
      .map((id) => THREAD_ID.exec(id))
      .filter((m): m is RegExpExecArray => Boolean(m))
      .slice(0, MAX_REFERENCES_TRIED);
    for (const match of threadIds) {
      const ticketId = match[1]!.toLowerCase() === "ticket" ? match[2]! : await ticketOfMail(db, match[2]!);
      if (ticketId) candidates.push(...(await db.select().from(tickets).where(eq(tickets.id, ticketId))));
    }
    const refs = [
      ...mail.recipients.map((address) => REPLY_ADDRESS.exec(address)?.[1]),
      SUBJECT_REF.exec(mail.subject)?.[1]?.toLowerCase(),
    ].filter((ref): ref is string => Boolean(ref));
    const tried = [...new Set(refs)].slice(0, MAX_REFERENCES_TRIED);
    if (tried.length) {
      // A reference is the id's last eight hex digits (ticketReference): one indexed exact match for all
      // of them (the tickets_reference expression index), never a scan per reference.
      candidates.push(
        ...(await db
          .select()
          .from(tickets)
          .where(inArray(sql`right(${tickets.id}::text, 8)`, tried))),
      );
    }
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

/**
 * Whether a sender may comment on the ticket by mail: its requester, anyone of its company (a client user,
 * or an address at one of the company's mail domains or trusted domains), or an address its CC list
 * keeps (docs/decisions/0032-ticket-cc.md). A colleague answering a thread is the conversation going on.
 */
async function mayAnswer(db: DbExecutor, ticket: TicketRow, sender: string): Promise<boolean> {
  if (ticket.requesterEmail.toLowerCase() === sender) return true;
  if ((await clientUserByEmail(db, sender))?.clientId === ticket.clientId) return true;
  const [copied] = await db
    .select({ id: ticketCc.id })
    .from(ticketCc)
    .where(and(eq(ticketCc.ticketId, ticket.id), eq(ticketCc.email, sender)));
  if (copied) return true;
  return companyOwnsDomain(db, ticket.clientId, sender.split("@")[1] ?? "");
}

/**
 * The company's mail domains: those of its contact address and its client users, and the domains it
 * trusts. A public mail domain says nothing about the company (PUBLIC_MAIL_DOMAINS), unless it trusts it.
 */
async function companyOwnsDomain(db: DbExecutor, clientId: string, domain: string): Promise<boolean> {
  if (!domain) return false;
  const [trusted] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), sql`${domain} = any(${clients.trustedDomains})`));
  if (trusted) return true;
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return false;
  const [own] = await db
    .select({ id: clients.id })
    .from(clients)
    .leftJoin(users, and(eq(users.clientId, clients.id), eq(users.role, "CLIENT")))
    .where(
      and(
        eq(clients.id, clientId),
        sql`(split_part(lower(${clients.contactEmail}), '@', 2) = ${domain} or split_part(lower(${users.email}), '@', 2) = ${domain})`,
      ),
    )
    .limit(1);
  return Boolean(own);
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
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
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

/** The companies that marked this mail domain trusted (docs/decisions/0027-held-intake.md). */
export async function companiesTrustingDomain(db: DbExecutor, domain: string): Promise<string[]> {
  if (!domain) return [];
  const rows = await db.select({ id: clients.id }).from(clients).where(sql`${domain} = any(${clients.trustedDomains})`);
  return rows.map((r) => r.id);
}
