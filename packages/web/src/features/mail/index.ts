// The staff portal's email views, for the staff-portal screens to place.
export { TicketMails } from "./ticket-mails";
export { MailOutboxPage } from "./mail-outbox-page";
export { MailStatusBadge } from "./mail-status-badge";
export { MailReceivedList } from "./mail-received-list";
export { MailQuarantineLink, MailQuarantinePage } from "./mail-quarantine-page";
export { MailInStatusCard } from "./mail-in-status-card";
export { MailSettingsCard } from "./mail-settings-card";
