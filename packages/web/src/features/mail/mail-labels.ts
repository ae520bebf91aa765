// How the staff portal names the outbox's mail kinds and states.
import type { MailKind, OutboxStatus } from "@repo/validators";

export type MailStatus = OutboxStatus;

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

export const MAIL_STATUS_COLORS: Record<MailStatus, string> = {
  pending: "gray",
  sending: "blue",
  sent: "green",
  failed: "red",
};

const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "ticket.received": "Ticket received",
  "ticket.reply": "Staff reply",
  "ticket.status": "Status change",
  "ticket.new": "New ticket (inbox)",
  "ticket.client_comment": "Client comment (inbox)",
  "ticket.assigned": "Assignment",
  "sla.at_risk": "SLA at risk",
  "sla.overdue": "SLA overdue",
  "enquiry.new": "New enquiry (inbox)",
};

/** A kind the server added later still shows, as its raw name. */
export const mailKindLabel = (kind: string) => MAIL_KIND_LABELS[kind as MailKind] ?? kind;
