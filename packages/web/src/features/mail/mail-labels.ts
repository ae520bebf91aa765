// How the staff portal names the outbox's mail kinds and states.
import { badgeColumns, type MailKind, type OutboxStatus } from "@repo/validators/labels";

export type MailStatus = OutboxStatus;

/** Each state's label and the Mantine colour of its badge. */
export const { labels: MAIL_STATUS_LABELS, colors: MAIL_STATUS_COLORS } = badgeColumns<MailStatus>({
  pending: { label: "Pending", color: "gray" },
  sending: { label: "Sending", color: "blue" },
  sent: { label: "Sent", color: "green" },
  failed: { label: "Failed", color: "red" },
});

const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "ticket.received": "Ticket received",
  "ticket.reply": "Staff reply",
  "ticket.status": "Status change",
  "ticket.new": "New ticket (inbox)",
  "ticket.client_comment": "Client comment (inbox)",
  "ticket.assigned": "Assignment",
  "ticket.merged": "Merged into another ticket",
  "sla.at_risk": "SLA at risk",
  "sla.overdue": "SLA overdue",
  "enquiry.new": "New enquiry (inbox)",
  "account.password_reset": "Password reset link",
  "account.factor_added": "Passkey or app added",
  "account.invitation": "Invitation",
  "time.reminder": "Time reminder",
  "knowledge.review": "Article review due",
  "automation.mail": "Automation rule",
  "incident.update": "Incident update",
  "status.confirm": "Status subscription confirmation",
  "status.update": "Status page update",
  "webhook.disabled": "Webhook turned off",
  "invoice.sent": "Invoice",
  "invoice.reminder": "Payment reminder",
  "block.low": "Prepaid hours running low",
};

/** A kind the server added later still shows, as its raw name. */
export const mailKindLabel = (kind: string) => MAIL_KIND_LABELS[kind as MailKind] ?? kind;
