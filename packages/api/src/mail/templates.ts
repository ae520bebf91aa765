// The mails, one function per kind: plain text plus a simple HTML twin, in the provider's voice and under
// its identity: the published one (site-content/published.ts readIdentity), which each caller reads and
// passes as the first argument, so a template stays a pure function of its inputs, easy to read and test.
import { describeUserAgent, formatDateTime, formatDay, formatWeekday, type SiteIdentity } from "@repo/content";
import {
  formatMinutes,
  SATISFACTION_LABELS,
  formatCents,
  SATISFACTION_RATINGS,
  STAFF_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  ticketReference,
  type MailKind,
  type SatisfactionRating,
  type TicketStatus,
  weekStartOf,
} from "@repo/validators";
import type { enquiries } from "@repo/db";
import { configSchema } from "../config.js";
import type { CommentRow, TicketRow } from "../tickets/serialize.js";
import type { AttachedFile } from "../tickets/types.js";

export interface MailContent {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Overrides the ticket's Reply-To (an enquiry is answered straight to the visitor). */
  replyTo?: string;
  /** Attachments sent with the mail (outbox.attachment_ids). */
  attachmentIds?: string[];
  /** Documents the product made, sent with the mail from the file store (outbox.documents). */
  documents?: { fileKey: string; filename: string; contentType: string }[];
  /** Copied as Cc: a ticket's CC list on a public staff reply (docs/decisions/0032-ticket-cc.md). */
  cc?: string[];
  /** The one-click unsubscribe address (RFC 8058) of a mail to a list: the status page's subscribers. */
  listUnsubscribe?: string;
}

/** What files a mail may carry in all: most mail servers refuse messages over 25 MB once encoded. */
export const MAIL_ATTACHMENT_BUDGET_BYTES = 15 * 1024 * 1024;

/** The files that fit the budget, in order, and those that do not (named in the mail instead). */
export function filesForMail(files: readonly AttachedFile[]): { sent: AttachedFile[]; left: AttachedFile[] } {
  const sent: AttachedFile[] = [];
  const left: AttachedFile[] = [];
  let total = 0;
  for (const file of files) {
    if (total + file.size <= MAIL_ATTACHMENT_BUDGET_BYTES) {
      sent.push(file);
      total += file.size;
    } else left.push(file);
  }
  return { sent, left };
}

/** The ticket fields a mail may show. */
export type MailTicket = Pick<
  TicketRow,
  | "id"
  | "title"
  | "description"
  | "priority"
  | "status"
  | "requesterName"
  | "requesterEmail"
  | "responseDueAt"
  | "resolutionDueAt"
>;

/** The enquiry fields a mail may show: all but its timestamps. */
export type EnquiryForMail = Omit<typeof enquiries.$inferSelect, "handledAt" | "createdAt">;

/** The statuses a requester hears about (the others are the provider's own bookkeeping). */
export const REQUESTER_STATUSES: readonly TicketStatus[] = ["WAITING_CUSTOMER", "RESOLVED", "CLOSED"];

/** The provider a mail speaks for: the published identity (its name, signature and inboxes). */
export type MailProvider = Pick<SiteIdentity, "name" | "tagline" | "phone" | "email" | "supportEmail" | "location">;

/** The inbox of a provider: enquiries to the public address, ticket news to the support address. */
export const providerInbox = (provider: MailProvider) =>
  ({ enquiries: provider.email, tickets: provider.supportEmail }) as const;

// ---- Links -----------------------------------------------------------------------------------------

/**
 * The product's public address. Mails are written inside a write's transaction, where no request
 * context exists, so this reads the same PUBLIC_URL variable the configuration validates.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = configSchema.shape.PUBLIC_URL.safeParse(env.PUBLIC_URL);
  const url = parsed.success && parsed.data ? parsed.data : `http://localhost:${env.PORT || 3000}`;
  return url.replace(/\/+$/, "");
}

const clientTicketUrl = (id: string) => `${publicBaseUrl()}/client/tickets/${id}`;
const staffTicketUrl = (id: string) => `${publicBaseUrl()}/tickets/${id}`;
/** The staff timesheet at the week (Monday to Sunday) of a day. */
export const timesheetUrl = (date: string) => `${publicBaseUrl()}/time?week=${weekStartOf(date)}`;

// ---- Layout ----------------------------------------------------------------------------------------

/** "#1a2b3c4d": the reference the portals show. */
export const ticketRef = (id: string) => `#${ticketReference(id)}`;

/**
 * The requester's mails share one subject ("Re: " after the first), since Gmail threads only mails
 * whose subjects match; what happened is said in the first line of the body.
 */
export function requesterSubject(
  provider: MailProvider,
  ticket: Pick<MailTicket, "id" | "title">,
  followUp: boolean,
): string {
  return `${followUp ? "Re: " : ""}[${provider.name} ${ticketRef(ticket.id)}] ${ticket.title}`;
}

const staffSubject = (prefix: string, ticket: Pick<MailTicket, "id" | "title">) =>
  `${prefix}: [${ticketRef(ticket.id)}] ${ticket.title}`;

interface Body {
  greeting: string;
  paragraphs: string[];
  /** Quoted text (a comment, a message), shown as a block. */
  quote?: string;
  /** Paragraphs after the quote. */
  after?: string[];
  /** Label/value lines (reference, priority, ...). */
  facts?: [string, string][];
  /** Numbered steps. */
  steps?: string[];
  link?: { label: string; href: string };
  /** A question answered by following one of its links (a rating). */
  choices?: { prompt: string; links: { label: string; href: string }[] };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const signatureOf = (p: MailProvider) => [p.name, p.tagline, `${p.phone} · ${p.email} · ${p.location}`];

function renderText(body: Body, signature: string[]): string {
  const parts: string[] = [body.greeting, ...body.paragraphs];
  if (body.quote !== undefined)
    parts.push(
      body.quote
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n"),
    );
  parts.push(...(body.after ?? []));
  if (body.facts?.length) parts.push(body.facts.map(([k, v]) => `${k}: ${v}`).join("\n"));
  if (body.steps?.length) parts.push(body.steps.map((s, i) => `${i + 1}. ${s}`).join("\n"));
  if (body.choices)
    parts.push([body.choices.prompt, ...body.choices.links.map((l) => `${l.label}: ${l.href}`)].join("\n"));
  if (body.link) parts.push(`${body.link.label}: ${body.link.href}`);
  parts.push(`-- \n${signature.join("\n")}`);
  return `${parts.join("\n\n")}\n`;
}

function renderHtml(body: Body, signature: string[]): string {
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const parts: string[] = [p(body.greeting), ...body.paragraphs.map(p)];
  if (body.quote !== undefined) {
    parts.push(
      `<blockquote style="margin:0 0 1em;padding:0 1em;border-left:3px solid #ccc;color:#444">${escapeHtml(body.quote).replace(/\n/g, "<br>")}</blockquote>`,
    );
  }
  parts.push(...(body.after ?? []).map(p));
  if (body.facts?.length) {
    const rows = body.facts.map(
      ([k, v]) => `<tr><td style="padding-right:1em;color:#666">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
    );
    parts.push(`<table>${rows.join("")}</table>`);
  }
  if (body.steps?.length) parts.push(`<ol>${body.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>`);
  if (body.choices) {
    const links = body.choices.links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`);
    parts.push(`<p>${escapeHtml(body.choices.prompt)}<br>${links.join(" &middot; ")}</p>`);
  }
  if (body.link) parts.push(`<p><a href="${escapeHtml(body.link.href)}">${escapeHtml(body.link.label)}</a></p>`);
  parts.push(`<p style="color:#666;font-size:90%">${signature.map(escapeHtml).join("<br>")}</p>`);
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${parts.join("\n")}</body></html>`;
}

function mail(
  provider: MailProvider,
  kind: MailKind,
  to: string,
  subject: string,
  body: Body,
  replyTo?: string,
): MailContent {
  const signature = signatureOf(provider);
  const text = renderText(body, signature);
  return { kind, to, subject, text, html: renderHtml(body, signature), ...(replyTo ? { replyTo } : {}) };
}

const when = (d: Date) => formatDateTime(d, { zone: true });

const portalLink = (ticket: MailTicket, isClientUser: boolean) =>
  isClientUser ? { label: "View your ticket in the client portal", href: clientTicketUrl(ticket.id) } : undefined;

const ticketFacts = (ticket: MailTicket): [string, string][] => [
  ["Ticket", ticketRef(ticket.id)],
  ["Title", ticket.title],
  ["Priority", STAFF_PRIORITY_LABELS[ticket.priority]],
  ["Requester", `${ticket.requesterName} <${ticket.requesterEmail}>`],
];

// ---- To the requester --------------------------------------------------------------------------------

/** The ticket is in: its reference, and what happens next (the public confirmation's promises). */
export function ticketReceivedMail(
  provider: MailProvider,
  ticket: MailTicket,
  opts: { isClientUser: boolean },
): MailContent {
  const ref = ticketRef(ticket.id);
  return mail(provider, "ticket.received", ticket.requesterEmail, requesterSubject(provider, ticket, false), {
    greeting: `Hello ${ticket.requesterName},`,
    paragraphs: [`We have received your support ticket ${ref}: "${ticket.title}".`, "What happens next:"],
    steps: [
      ticket.responseDueAt
        ? `Our team reviews your ticket within the response time for its priority (${STAFF_PRIORITY_LABELS[ticket.priority]}): you will hear from us by ${when(ticket.responseDueAt)}.`
        : `Our team reviews your ticket within the response time for its priority (${STAFF_PRIORITY_LABELS[ticket.priority]}).`,
      `We send updates about it by email to ${ticket.requesterEmail}.`,
      `Keep your ticket reference ${ref} (full id ${ticket.id}) and quote it when you contact us; replying to this email is enough.`,
    ],
    facts: [
      ["Ticket", ref],
      ["Ticket ID", ticket.id],
      ["Priority", STAFF_PRIORITY_LABELS[ticket.priority]],
    ],
    link: portalLink(ticket, opts.isClientUser),
  });
}

/**
 * A held ticket's receipt (docs/decisions/0027-held-intake.md): its requester's address was not verified,
 * so the mail may reach someone who never wrote. It says only that a request is being reviewed, and
 * repeats nothing the writer typed (no title, description or name), so it cannot carry their link to a
 * stranger's inbox. Its reply address lets the real requester answer.
 */
export function ticketUnderReviewMail(provider: MailProvider, ticket: MailTicket): MailContent {
  const ref = ticketRef(ticket.id);
  return mail(
    provider,
    "ticket.received",
    ticket.requesterEmail,
    `[${provider.name} ${ref}] Your request is being reviewed`,
    {
      greeting: "Hello,",
      paragraphs: [
        `We have received a support request ${ref} that gives this email address as its contact.`,
        "Our team reviews requests from addresses we do not know yet before working on them; we will contact you once it has been reviewed.",
        "If you did not send it, you can ignore this email.",
      ],
    },
  );
}

/** A public staff reply (never an internal note: the caller checks, and so does enqueueTicketMails). */
export function staffReplyMail(
  provider: MailProvider,
  ticket: MailTicket,
  comment: Pick<CommentRow, "authorName" | "content">,
  opts: { isClientUser: boolean; files?: readonly AttachedFile[] },
): MailContent {
  const { sent, left } = filesForMail(opts.files ?? []);
  const tooLarge = left.length
    ? [`Too large to send by email, kept with the ticket: ${left.map((f) => f.filename).join(", ")}.`]
    : [];
  const reply = mail(provider, "ticket.reply", ticket.requesterEmail, requesterSubject(provider, ticket, true), {
    greeting: `Hello ${ticket.requesterName},`,
    paragraphs: [`${comment.authorName} replied to your ticket ${ticketRef(ticket.id)}:`],
    quote: comment.content,
    after: tooLarge,
    link: portalLink(ticket, opts.isClientUser),
  });
  return sent.length ? { ...reply, attachmentIds: sent.map((f) => f.id) } : reply;
}

const STATUS_NEWS: Partial<Record<TicketStatus, string>> = {
  WAITING_CUSTOMER:
    "We need something from you to continue: please reply to this email or add a comment to the ticket.",
  RESOLVED: "We believe the issue is resolved. If it is not, reply to this email and we will pick it up again.",
  CLOSED: "The ticket is now closed. If you need more help, reply to this email or open a new ticket.",
};

/**
 * The public rating page for a link's token and a rating: the token rides in the fragment, so it never
 * reaches a server log or a Referer; the page sends the rating itself when it opens.
 */
export const ratingUrl = (token: string, rating: SatisfactionRating) =>
  `${publicBaseUrl()}/rate#token=${token}&rating=${rating}`;

/**
 * A status change the requester should know about (WAITING_CUSTOMER, RESOLVED, CLOSED). With a rating
 * token (a ticket that has just finished), the mail asks for a rating with one link per answer.
 */
export function statusChangedMail(
  provider: MailProvider,
  ticket: MailTicket,
  opts: { isClientUser: boolean; ratingToken?: string | null },
): MailContent {
  const token = opts.ratingToken;
  return mail(provider, "ticket.status", ticket.requesterEmail, requesterSubject(provider, ticket, true), {
    greeting: `Hello ${ticket.requesterName},`,
    paragraphs: [
      `Your ticket ${ticketRef(ticket.id)} is now ${TICKET_STATUS_LABELS[ticket.status]}.`,
      STATUS_NEWS[ticket.status] ?? "",
    ].filter(Boolean),
    choices: token
      ? {
          prompt: "How did we do? One click tells us:",
          links: SATISFACTION_RATINGS.map((r) => ({ label: SATISFACTION_LABELS[r], href: ratingUrl(token, r) })),
        }
      : undefined,
    link: portalLink(ticket, opts.isClientUser),
  });
}

/**
 * The requester of a duplicate learns where their request went: the ticket that stays, under whose subject
 * a reply to this mail threads.
 */
export function mergedMail(
  provider: MailProvider,
  source: MailTicket,
  target: MailTicket,
  opts: { isClientUser: boolean },
): MailContent {
  return mail(provider, "ticket.merged", source.requesterEmail, requesterSubject(provider, target, true), {
    greeting: `Hello ${source.requesterName},`,
    paragraphs: [
      `Your ticket ${ticketRef(source.id)} ("${source.title}") is about the same issue as ticket ${ticketRef(target.id)} ("${target.title}"), so we merged it there: its messages and files moved with it.`,
      "The conversation continues on that ticket. Reply to this email and your reply is added to it.",
    ],
    link: portalLink(target, opts.isClientUser),
  });
}

// ---- To the provider's inbox ---------------------------------------------------------------------------

export function enquiryMail(provider: MailProvider, enquiry: EnquiryForMail): MailContent {
  const name = `${enquiry.firstName} ${enquiry.lastName}`;
  const facts: [string, string][] = [
    ["From", `${name} <${enquiry.email}>`],
    ["Company", enquiry.company || "-"],
    ["Service", enquiry.service || "-"],
    ["Ref", enquiry.ref || "-"],
  ];
  return mail(
    provider,
    "enquiry.new",
    providerInbox(provider).enquiries,
    `New enquiry from ${name}${enquiry.service ? ` (${enquiry.service})` : ""}`,
    {
      greeting: "A new enquiry came in through the contact form.",
      paragraphs: ["We promised a reply within one business day (Mon-Fri). Reply to this email to answer the visitor."],
      facts,
      quote: enquiry.message || "(no message)",
    },
    enquiry.email,
  );
}

const SOURCE_LABELS: Record<string, string> = {
  email: "email",
  public: "public form",
  client: "client portal",
  assistant: "AI assistant",
};

/** A ticket that came from outside the staff (public form, client portal, assistant). */
export function newTicketMail(provider: MailProvider, ticket: MailTicket, source: string): MailContent {
  return mail(provider, "ticket.new", providerInbox(provider).tickets, staffSubject("New ticket", ticket), {
    greeting: `A new ticket was opened (${SOURCE_LABELS[source] ?? source}).`,
    paragraphs: [],
    facts: ticketFacts(ticket),
    quote: ticket.description,
    link: { label: "Open the ticket", href: staffTicketUrl(ticket.id) },
  });
}

export function clientCommentMail(
  provider: MailProvider,
  ticket: MailTicket,
  comment: Pick<CommentRow, "authorName" | "content">,
  opts: { reopened: boolean },
): MailContent {
  return mail(
    provider,
    "ticket.client_comment",
    providerInbox(provider).tickets,
    staffSubject("Client comment", ticket),
    {
      greeting: `${comment.authorName} commented on ticket ${ticketRef(ticket.id)}${opts.reopened ? " and so reopened it" : ""}:`,
      paragraphs: [],
      quote: comment.content,
      facts: ticketFacts(ticket),
      link: { label: "Open the ticket", href: staffTicketUrl(ticket.id) },
    },
  );
}

// ---- To the assignee ---------------------------------------------------------------------------------

export function assignedMail(
  provider: MailProvider,
  ticket: MailTicket,
  assignee: { name: string; email: string },
): MailContent {
  return mail(provider, "ticket.assigned", assignee.email, staffSubject("Assigned to you", ticket), {
    greeting: `Hello ${assignee.name},`,
    paragraphs: [`Ticket ${ticketRef(ticket.id)} is now assigned to you.`],
    facts: [...ticketFacts(ticket), ["Status", TICKET_STATUS_LABELS[ticket.status]]],
    quote: ticket.description,
    link: { label: "Open the ticket", href: staffTicketUrl(ticket.id) },
  });
}

/** An SLA transition; `to` is the assignee, or the support inbox for an unassigned ticket. */
export function slaMail(
  provider: MailProvider,
  ticket: MailTicket,
  state: "at_risk" | "overdue",
  to: { name: string; email: string } | null,
): MailContent {
  const due = ticket.resolutionDueAt ? ` (resolution due ${when(ticket.resolutionDueAt)})` : "";
  const news =
    state === "overdue"
      ? `Ticket ${ticketRef(ticket.id)} is overdue: its resolution time has passed${due}.`
      : `Ticket ${ticketRef(ticket.id)} is at risk: 75% or more of its resolution time is used${due}.`;
  return mail(
    provider,
    state === "overdue" ? "sla.overdue" : "sla.at_risk",
    to?.email ?? providerInbox(provider).tickets,
    staffSubject(state === "overdue" ? "SLA overdue" : "SLA at risk", ticket),
    {
      greeting: to ? `Hello ${to.name},` : "Nobody is assigned to this ticket.",
      paragraphs: [news],
      facts: [...ticketFacts(ticket), ["Status", TICKET_STATUS_LABELS[ticket.status]]],
      link: { label: "Open the ticket", href: staffTicketUrl(ticket.id) },
    },
  );
}

// ---- To staff about their time -----------------------------------------------------------------------

/** The one reminder of a working day whose recorded minutes stayed below the expected day. */
export function timeReminderMail(
  provider: MailProvider,
  person: { name: string; email: string },
  day: { date: string; recorded: number; expected: number },
): MailContent {
  return mail(provider, "time.reminder", person.email, `Time to record: ${formatWeekday(day.date)}`, {
    greeting: `Hello ${person.name},`,
    paragraphs: [
      `Your timesheet shows ${formatMinutes(day.recorded)} on ${formatWeekday(day.date, "long")}, less than the ${formatMinutes(day.expected)} of a working day.`,
      "If you worked longer, record the rest: the drafts from that day's work are waiting on your timesheet. If not, there is nothing to do; this is the only reminder for that day.",
    ],
    facts: [
      ["Day", formatWeekday(day.date, "long")],
      ["Recorded", formatMinutes(day.recorded)],
      ["Expected", formatMinutes(day.expected)],
    ],
    link: { label: "Open your timesheet", href: timesheetUrl(day.date) },
  });
}

// ---- Knowledge base ----------------------------------------------------------------------------------

/** The staff editor of an article. */
export const articleEditorUrl = (id: string) => `${publicBaseUrl()}/knowledge/${id}`;

/** An article not reviewed for the settings' months: its author (or an admin) is asked to check it. */
export function articleReviewMail(
  provider: MailProvider,
  person: { name: string; email: string },
  article: { id: string; title: string; lastReviewedAt: Date; months: number },
): MailContent {
  return mail(provider, "knowledge.review", person.email, `Time to review: ${article.title}`, {
    greeting: `Hello ${person.name},`,
    paragraphs: [
      `"${article.title}" has not been reviewed for ${article.months} months. Please check that it still holds: fix what changed, or mark it reviewed as it stands.`,
      "This is the only reminder until the article is next reviewed.",
    ],
    facts: [["Last reviewed", formatDay(article.lastReviewedAt)]],
    link: { label: "Open the article", href: articleEditorUrl(article.id) },
  });
}

// ---- Accounts ----------------------------------------------------------------------------------------

/** The page a reset link opens; `portal` tells it which sign-in page to lead back to. */
export const passwordResetUrl = (token: string, portal: "client" | "staff") =>
  `${publicBaseUrl()}/reset-password?portal=${portal}#token=${token}`;

/** "Forgot password": the link, to the account's own address only. */
export function passwordResetMail(
  provider: MailProvider,
  user: { name: string; email: string },
  token: string,
  portal: "client" | "staff",
): MailContent {
  return mail(provider, "account.password_reset", user.email, `${provider.name}: choose a new password`, {
    greeting: `Hello ${user.name},`,
    paragraphs: [
      "Someone, hopefully you, asked to reset the password of your account. The link below lets you choose a new one; it works once, for 30 minutes, and signs you out everywhere.",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
    link: { label: "Choose a new password", href: passwordResetUrl(token, portal) },
  });
}

/** The page an invitation's link opens; `portal` tells it which sign-in page follows. */
export const invitationUrl = (token: string, portal: "client" | "staff") =>
  `${publicBaseUrl()}/accept-invitation?portal=${portal}#token=${token}`;

/** An admin added the person: the link lets them choose their password, once, within 7 days. */
export function invitationMail(
  provider: MailProvider,
  user: { name: string; email: string },
  token: string,
  portal: "client" | "staff",
  invitedBy: string,
): MailContent {
  return mail(provider, "account.invitation", user.email, `${provider.name}: you are invited to set up your account`, {
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `${invitedBy} added you to ${provider.name}. The link below lets you choose your password and sign in; it works once, for 7 days.`,
      "If you did not expect this, ignore this mail: nothing happens until the link is used.",
    ],
    link: { label: "Set up your account", href: invitationUrl(token, portal) },
  });
}

/** A way to sign in that was added to an account: a passkey (with its name) or the authenticator app. */
export type AddedFactor = { kind: "passkey"; name: string } | { kind: "totp" };

/**
 * Tells the account's owner that a way to sign in was added, when and from where: whoever holds a stolen
 * session and adds their own passkey is then seen by the one person who can tell (docs/architecture.md §6a).
 */
export function factorAddedMail(
  provider: MailProvider,
  user: { name: string; email: string },
  factor: AddedFactor,
  origin: { at: Date; ip?: string | null; userAgent?: string | null },
): MailContent {
  const what = factor.kind === "passkey" ? "A passkey" : "An authenticator app";
  return mail(provider, "account.factor_added", user.email, `${what} was added to your account`, {
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `${what} was added to your ${provider.name} account. It can now be used to sign in to it.`,
      "If this was you, there is nothing to do. If it was not, sign in, remove it in My account, change your password and tell us at once.",
    ],
    facts: [
      ...(factor.kind === "passkey" ? ([["Passkey", factor.name]] as [string, string][]) : []),
      ["When", when(origin.at)],
      ["From", origin.ip ?? "unknown address"],
      ["Browser", describeUserAgent(origin.userAgent)],
    ],
  });
}

// ---- Billing -------------------------------------------------------------------------------------------

export interface InvoiceForMail {
  kind: "invoice" | "credit_note";
  number: string;
  to: string;
  clientName: string;
  totalCents: number;
  dueDate: string;
  documents: NonNullable<MailContent["documents"]>;
}

/** An approved invoice or credit note, to the company's billing contact, with its PDF. */
export function invoiceMail(provider: MailProvider, invoice: InvoiceForMail): MailContent {
  const what = invoice.kind === "credit_note" ? "credit note" : "invoice";
  const body: Body = {
    greeting: `Hello ${invoice.clientName},`,
    paragraphs: [
      `Please find attached ${what} ${invoice.number} from ${provider.name}.`,
      invoice.kind === "credit_note"
        ? "It credits your account; nothing needs to be paid."
        : `It is due on ${formatDay(invoice.dueDate)}. You can also see it, and every other invoice, in the client portal.`,
    ],
    facts: [
      [invoice.kind === "credit_note" ? "Credit note" : "Invoice", invoice.number],
      ["Total", formatCents(invoice.totalCents)],
    ],
    link: { label: "Open the client portal", href: `${publicBaseUrl()}/client-dashboard` },
  };
  return {
    ...mail(provider, "invoice.sent", invoice.to, `${provider.name} ${what} ${invoice.number}`, body),
    documents: invoice.documents,
  };
}

/** A payment reminder: an approved invoice still owed some days after its due date. */
export function paymentReminderMail(
  provider: MailProvider,
  reminder: {
    number: string;
    to: string;
    clientName: string;
    balanceCents: number;
    dueDate: string;
    daysLate: number;
    documents: NonNullable<MailContent["documents"]>;
  },
): MailContent {
  const body: Body = {
    greeting: `Hello ${reminder.clientName},`,
    paragraphs: [
      `Our records show ${formatCents(reminder.balanceCents)} still owing on invoice ${reminder.number}, which was due on ${formatDay(reminder.dueDate)} (${reminder.daysLate} days ago).`,
      "If you have already paid, thank you, and please ignore this reminder. Otherwise, please quote the invoice number with your payment.",
    ],
    facts: [
      ["Invoice", reminder.number],
      ["Balance due", formatCents(reminder.balanceCents)],
    ],
    link: { label: "Open the client portal", href: `${publicBaseUrl()}/client-dashboard` },
  };
  return {
    ...mail(
      provider,
      "invoice.reminder",
      reminder.to,
      `Reminder: ${provider.name} invoice ${reminder.number} is past due`,
      body,
    ),
    documents: reminder.documents,
  };
}

/** A prepaid block's hours left fell below the threshold: to the provider's admins and the company's people. */
export function blockLowMail(
  provider: MailProvider,
  alert: {
    to: string;
    forClient: boolean;
    clientName: string;
    minutes: number;
    leftMinutes: number;
    expiresOn: string;
  },
): MailContent {
  const left = formatMinutes(alert.leftMinutes);
  return mail(
    provider,
    "block.low",
    alert.to,
    alert.forClient ? `Your prepaid support hours are running low` : `Prepaid hours running low: ${alert.clientName}`,
    {
      greeting: "Hello,",
      paragraphs: [
        alert.forClient
          ? `${left} of your ${formatMinutes(alert.minutes)} of prepaid support hours are left; they expire on ${formatDay(alert.expiresOn)}. Time beyond them is billed at the agreed overage rate.`
          : `${alert.clientName} has ${left} left of a block of ${formatMinutes(alert.minutes)} of prepaid hours, expiring ${formatDay(alert.expiresOn)}.`,
      ],
      link: alert.forClient
        ? { label: "See your prepaid hours", href: `${publicBaseUrl()}/client/billing` }
        : { label: "Open billing", href: `${publicBaseUrl()}/billing` },
    },
  );
}

/** A webhook subscription the failing streak turned off (webhooks/streak.ts): to the provider's admins. */
export function webhookDisabledMail(
  provider: MailProvider,
  to: string,
  subscription: { url: string; reason: string },
): MailContent {
  return mail(provider, "webhook.disabled", to, `Webhook turned off: ${subscription.url}`, {
    greeting: "Hello,",
    paragraphs: [
      `The webhook to ${subscription.url} was turned off: ${subscription.reason}.`,
      "No events go to it until an admin turns it back on; the delivery log shows what the receiver answered.",
    ],
    link: { label: "Open webhooks", href: `${publicBaseUrl()}/settings/webhooks` },
  });
}

// ---- Incidents ---------------------------------------------------------------------------------------

/** An incident's update, once to each requester of its linked tickets, naming their tickets. */
export function incidentUpdateMail(
  provider: MailProvider,
  to: { name: string; email: string },
  incident: { title: string; status: string },
  message: string,
  ticketIds: readonly string[],
): MailContent {
  return mail(provider, "incident.update", to.email, `[${incident.status}] ${incident.title}`, {
    greeting: `Hello ${to.name},`,
    paragraphs: [`An update on ${incident.title}, which affects your ticket${ticketIds.length > 1 ? "s" : ""}:`],
    quote: message,
    facts: [["Tickets", ticketIds.map(ticketRef).join(", ")]],
  });
}

/** The status page's double opt-in: nothing is sent to the address until this link is followed. */
export function statusConfirmMail(provider: MailProvider, to: string, confirmUrl: string): MailContent {
  return mail(provider, "status.confirm", to, `Confirm your ${provider.name} status updates`, {
    greeting: "Hello,",
    paragraphs: [
      `Someone asked for ${provider.name}'s service status updates to be sent to this address. Confirm to start receiving them; if it was not you, ignore this mail and nothing more will be sent.`,
    ],
    link: { label: "Confirm status updates", href: confirmUrl },
  });
}

/** A public incident's update, to a confirmed subscriber, with its one-click unsubscribe link. */
export function statusUpdateMail(
  provider: MailProvider,
  to: string,
  incident: { title: string; status: string },
  message: string,
  unsubscribeUrl: string,
): MailContent {
  const body = mail(provider, "status.update", to, `[${incident.status}] ${incident.title}`, {
    greeting: "Hello,",
    paragraphs: [`An update on ${incident.title}:`],
    quote: message,
    after: [`To stop these updates, unsubscribe: ${unsubscribeUrl}`],
  });
  return { ...body, listUnsubscribe: unsubscribeUrl };
}
