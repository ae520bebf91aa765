// How the assistant writes dates, tickets and devices in its sentences (Toronto time, the portal's labels).
import { site } from "@repo/content";
import { CLIENT_PRIORITY_LABELS, DEVICE_STATUS_LABELS, type Device } from "@repo/validators";
import type { TicketDetail, TicketSummary } from "./company-data.js";

const dateTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: site.timeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const calendarDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});

export const formatDateTime = (d: Date) => dateTime.format(d);
/** A calendar date (YYYY-MM-DD) as "Jul 5, 2025". */
export const formatDay = (isoDate: string) => calendarDay.format(new Date(`${isoDate}T00:00:00Z`));

export function ticketLine(t: TicketSummary): string {
  return `#${t.reference} "${t.title}": ${t.statusLabel}, ${CLIENT_PRIORITY_LABELS[t.priority]}`;
}

export function ticketStatusSentence(t: TicketDetail): string {
  const parts = [
    `Ticket #${t.reference} "${t.title}" is ${t.statusLabel} (${CLIENT_PRIORITY_LABELS[t.priority]}).`,
    // Toronto's format ends in "p.m.": no second full stop.
    `It was opened on ${formatDateTime(t.createdAt)} and last updated on ${formatDateTime(t.updatedAt)}`.replace(
      /\.?$/,
      ".",
    ),
  ];
  if (t.lastComment) {
    parts.push(
      `Latest comment, from ${t.lastComment.authorName} on ${formatDateTime(t.lastComment.createdAt)}: "${t.lastComment.content}"`,
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
  return `${what} (${details.join(", ")})`;
}
