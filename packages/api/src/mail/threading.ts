// Mail headers that keep one ticket's mails in one conversation in the recipient's mail client.
// Every mail has its own Message-ID; all mails of a ticket point at one stable root id in In-Reply-To and
// References, so clients that thread by references (Thunderbird, Apple Mail, Outlook) group them, and a
// constant subject (see templates.ts) does the same for clients that also compare subjects (Gmail).
import { site } from "@repo/content";

/** The domain our ids live under: the site's host (northwind.test). */
export const mailDomain = new URL(site.url).hostname;

/** The provider's sender: the support address under the provider's name. */
export const mailFrom = `"${site.name}" <${site.supportEmail}>`;

/** The ticket's thread root: never sent as a Message-ID itself, only referred to. */
export function ticketThreadId(ticketId: string): string {
  return `<ticket-${ticketId}@${mailDomain}>`;
}

/** One mail's own id, from its outbox row id (unique, and the same on every retry of that row). */
export function messageId(outboxId: string): string {
  return `<mail-${outboxId}@${mailDomain}>`;
}

/**
 * The reply address of a ticket's mails (support+<reply token>@...): a reply lands with its ticket, and
 * the token, a secret only our mails' recipients hold, lets it comment even when its sender's mail is
 * not signed (docs/architecture.md §11a).
 */
export function ticketReplyTo(replyToken: string): string {
  const [local, domain] = site.supportEmail.split("@");
  return `${local}+${replyToken}@${domain}`;
}

/** The headers stored with an outbox row (the worker hands them to nodemailer). */
export function threadHeaders(outboxId: string, ticketId: string | null, replyTo?: string): Record<string, string> {
  const headers: Record<string, string> = { "Message-ID": messageId(outboxId) };
  if (ticketId) {
    headers["In-Reply-To"] = ticketThreadId(ticketId);
    headers["References"] = ticketThreadId(ticketId);
  }
  if (replyTo) headers["Reply-To"] = replyTo;
  return headers;
}
