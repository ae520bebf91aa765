// How the assistant writes dates, tickets and devices in its sentences (Toronto time, the portal's labels).
import { formatDateTime as formatInstant, formatDay as formatCalendarDay } from "@repo/content";
import { CLIENT_PRIORITY_LABELS, DEVICE_STATUS_LABELS, type Device } from "@repo/validators";
import type { TicketDetail, TicketSummary } from "./company-data.js";

/** "Nov 20, 2026, 9:00 a.m." in Toronto: the provider's one formatter (@repo/content). */
export const formatDateTime = (d: Date, options?: { zone?: boolean }) => formatInstant(d, options);
/** A calendar date (YYYY-MM-DD) as "Jul 5, 2025". */
export const formatDay = (isoDate: string) => formatCalendarDay(isoDate);

/**
 * Text someone typed (a ticket's title, a comment, a name, a device's fields), to sit in a reply's Markdown
 * as the words they are: one line, with the characters that make links and bold escaped by a backslash,
 * as the chat's renderer reads them (docs/decisions/0013). A title such as
 * `expired](https://evil.example) [x` then shows as written instead of becoming a link.
 */
export function asText(value: string): string {
  return value
    .replace(/\s*[\r\n]+\s*/g, " ")
    .replace(/[\\[\]()*`<>]/g, "\\$&")
    .replace(/^(\s*)([-+])(?=\s)/, "$1\\$2")
    .replace(/^(\s*\d+)([.)])(?=\s)/, "$1\\$2");
}

export function ticketLine(t: TicketSummary): string {
  return `${ticketLink(t)}: ${t.statusLabel}, ${CLIENT_PRIORITY_LABELS[t.priority]}`;
}

/** The ticket as a Markdown link to its page in the client portal. */
export function ticketLink(t: Pick<TicketSummary, "id" | "reference" | "title">): string {
  return `[#${t.reference} "${asText(t.title)}"](/client/tickets/${t.id})`;
}

export function ticketStatusSentence(t: TicketDetail): string {
  const parts = [
    `Ticket ${ticketLink(t)} is **${t.statusLabel}** (${CLIENT_PRIORITY_LABELS[t.priority]}).`,
    // Toronto's format ends in "p.m.": no second full stop.
    `It was opened on ${formatDateTime(t.createdAt)} and last updated on ${formatDateTime(t.updatedAt)}`.replace(
      /\.?$/,
      ".",
    ),
  ];
  if (t.lastComment) {
    parts.push(
      `Latest comment, from ${asText(t.lastComment.authorName)} on ${formatDateTime(t.lastComment.createdAt)}: "${asText(t.lastComment.content)}"`,
    );
  } else {
    parts.push("There are no comments on it yet.");
  }
  return parts.join(" ");
}

/** "MacBook Air M2 laptop (ACME-LT-0002, Priya Nair)" */
export function deviceName(d: Device, options: { user?: boolean; status?: boolean } = {}): string {
  const what = [d.model, d.deviceType].filter(Boolean).join(" ") || "Device";
  const details = [
    d.serialNumber,
    options.user !== false ? d.assignedUser : null,
    options.status ? DEVICE_STATUS_LABELS[d.status] : null,
  ].filter(Boolean);
  return asText(`${what} (${details.join(", ")})`);
}
