// Every enumeration of docs/product-spec.md §3 and §4, in one place for the schema, the API and the web.
import { z } from "zod";

export const ROLES = ["ADMIN", "AGENT", "VIEWER", "CLIENT"] as const;
export const STAFF_ROLES = ["ADMIN", "AGENT", "VIEWER"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const TICKET_STATUSES = [
  "NEW",
  "TRIAGED",
  "IN_PROGRESS",
  "WAITING_CUSTOMER",
  "ON_HOLD",
  "RESOLVED",
  "CLOSED",
] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Statuses that stop the SLA clock (docs/architecture.md, "SLA"). */
export const PAUSED_STATUSES: readonly TicketStatus[] = ["WAITING_CUSTOMER", "ON_HOLD"];
/** Statuses in which a client may no longer edit a ticket (docs/product-spec.md §4). */
export const FINISHED_STATUSES: readonly TicketStatus[] = ["RESOLVED", "CLOSED"];

export const TICKET_PRIORITIES = ["P1", "P2", "P3", "P4"] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const TICKET_TYPES = ["INCIDENT", "REQUEST", "TASK"] as const;
export const ticketTypeSchema = z.enum(TICKET_TYPES);
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** The public form sends the type in title case (docs/product-spec.md §3). */
export const PUBLIC_TICKET_TYPES = ["Incident", "Request", "Task"] as const;
export const publicTicketTypeSchema = z.enum(PUBLIC_TICKET_TYPES);

export const DEVICE_STATUSES = ["IN_USE", "SPARE", "RETIRED", "IN_REPAIR"] as const;
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

export const DEVICE_TYPES = ["laptop", "desktop", "phone", "tablet", "server"] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

export const DEVICE_PLATFORMS = ["macOS", "Windows", "Linux", "iOS", "Android", "ChromeOS"] as const;
export const devicePlatformSchema = z.enum(DEVICE_PLATFORMS);
export type DevicePlatform = z.infer<typeof devicePlatformSchema>;

export const CONTACT_SERVICES = [
  "email-deliverability",
  "intune-fast-start",
  "cloud-migration-lite",
  "security-hardening-sprint",
  "device-management",
  "email-collaboration",
  "managed-it",
  "help-desk",
  "general",
] as const;
export const contactServiceSchema = z.enum(CONTACT_SERVICES);
export type ContactService = z.infer<typeof contactServiceSchema>;

/** Services whose pages carry a "Get a quote" button and send the track event (docs/product-spec.md §7). */
export const QUOTE_SERVICES = [
  "device-management",
  "email-collaboration",
  "email-deliverability",
  "intune-fast-start",
  "cloud-migration-lite",
  "security-hardening-sprint",
] as const;
export const quoteServiceSchema = z.enum(QUOTE_SERVICES);
export type QuoteService = z.infer<typeof quoteServiceSchema>;

export const CHAT_ROLES = ["user", "assistant"] as const;
export const chatRoleSchema = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof chatRoleSchema>;

export const DEVICE_SORT_FIELDS = [
  "assignedUser",
  "email",
  "deviceType",
  "platform",
  "model",
  "serialNumber",
  "assetTag",
  "status",
  "location",
  "purchaseDate",
  "warrantyExpiry",
  "lastCheckIn",
] as const;
export const deviceSortSchema = z.enum(DEVICE_SORT_FIELDS);
export type DeviceSort = z.infer<typeof deviceSortSchema>;

/** Where a ticket or a comment came from (`email`: mail to the support address, see mail/inbound). */
export const TICKET_SOURCES = ["public", "client", "staff", "assistant", "email"] as const;
export const ticketSourceSchema = z.enum(TICKET_SOURCES);
export type TicketSource = z.infer<typeof ticketSourceSchema>;

/** A ticket's SLA standing, kept current by writes and the SLA sweep (docs/architecture.md, "SLA"). */
export const SLA_STATES = ["ok", "at_risk", "overdue"] as const;
export const slaStateSchema = z.enum(SLA_STATES);
export type SlaState = z.infer<typeof slaStateSchema>;
/** The SLA states that cause a mail and an `sla.state` event when a ticket crosses into them. */
export type SlaAlertState = Exclude<SlaState, "ok">;

/** A mail's place in the outbox. */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export const outboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** Every mail the product sends, one per cause (packages/api/src/mail/triggers.ts). */
export const MAIL_KINDS = [
  "ticket.received",
  "ticket.reply",
  "ticket.status",
  "ticket.new",
  "ticket.client_comment",
  "ticket.assigned",
  "sla.at_risk",
  "sla.overdue",
  "enquiry.new",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What a mail to the support address became (docs/architecture.md, "Mail in"). */
export const INBOUND_OUTCOMES = ["ticket", "comment", "enquiry", "ignored"] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];
