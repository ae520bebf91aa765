// Every enumeration of docs/product-spec.md §3 and §4, in one place for the schema, the API and the web.
import { z } from "zod";

/**
 * An enumeration's values (for loops and selects) and the zod schema that accepts exactly them, made from
 * one list so the two cannot drift apart.
 */
function defineEnum<const T extends readonly [string, ...string[]]>(...values: T) {
  return [values, z.enum(values)] as const;
}

export const [ROLES, roleSchema] = defineEnum("ADMIN", "AGENT", "VIEWER", "CLIENT");
export type Role = z.infer<typeof roleSchema>;
/** Every role but CLIENT: the provider's own people. */
export const STAFF_ROLES = ["ADMIN", "AGENT", "VIEWER"] as const;

/** Whose sign-in must use a second factor: nobody's (a new install), the staff's, or everyone's. */
export const [SECOND_FACTOR_POLICIES, secondFactorPolicySchema] = defineEnum("off", "staff", "everyone");
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;

/** Statuses that stop the SLA clock (docs/architecture.md, "SLA"). */
const PAUSED = ["WAITING_CUSTOMER", "ON_HOLD"] as const;
/** Statuses in which a client may no longer edit a ticket (docs/product-spec.md §4). */
const FINISHED = ["RESOLVED", "CLOSED"] as const;

/** A ticket's course: open while being worked, paused while it waits on others, then finished. */
export const [TICKET_STATUSES, ticketStatusSchema] = defineEnum(
  "NEW",
  "TRIAGED",
  "IN_PROGRESS",
  ...PAUSED,
  ...FINISHED,
);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

// Widened to every status, so `includes` accepts any ticket's status.
export const PAUSED_STATUSES: readonly TicketStatus[] = PAUSED;
export const FINISHED_STATUSES: readonly TicketStatus[] = FINISHED;

export const [TICKET_PRIORITIES, ticketPrioritySchema] = defineEnum("P1", "P2", "P3", "P4");
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const [TICKET_TYPES, ticketTypeSchema] = defineEnum("INCIDENT", "REQUEST", "TASK");
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** The public form sends the type in title case (docs/product-spec.md §3). */
export const [PUBLIC_TICKET_TYPES, publicTicketTypeSchema] = defineEnum("Incident", "Request", "Task");

export const [DEVICE_STATUSES, deviceStatusSchema] = defineEnum("IN_USE", "SPARE", "RETIRED", "IN_REPAIR");
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

export const [DEVICE_TYPES, deviceTypeSchema] = defineEnum("laptop", "desktop", "phone", "tablet", "server");
export type DeviceType = z.infer<typeof deviceTypeSchema>;

export const [DEVICE_PLATFORMS, devicePlatformSchema] = defineEnum(
  "macOS",
  "Windows",
  "Linux",
  "iOS",
  "Android",
  "ChromeOS",
);
export type DevicePlatform = z.infer<typeof devicePlatformSchema>;

/**
 * A device's compliance as the server assesses it (docs/architecture.md §7): COMPLIANT, AT_RISK (with its
 * reasons), or NOT_ASSESSED for a RETIRED device, which is out of service and neither compliant nor at risk.
 */
export const [DEVICE_COMPLIANCE_STATES, deviceComplianceSchema] = defineEnum("COMPLIANT", "AT_RISK", "NOT_ASSESSED");
export type DeviceCompliance = z.infer<typeof deviceComplianceSchema>;

/** The four fixed-scope packages, each with its service page (docs/product-spec.md §2 and §9). */
const PACKAGE_SERVICES = [
  "email-deliverability",
  "intune-fast-start",
  "cloud-migration-lite",
  "security-hardening-sprint",
] as const;

/** The two managed services that have a service page of their own (docs/product-spec.md §2). */
const MANAGED_SERVICE_PAGES = ["device-management", "email-collaboration"] as const;

/** What an enquiry can be about: every service page, the two services quoted on request, or nothing in particular. */
export const [CONTACT_SERVICES, contactServiceSchema] = defineEnum(
  ...PACKAGE_SERVICES,
  ...MANAGED_SERVICE_PAGES,
  "managed-it",
  "help-desk",
  "general",
);
export type ContactService = z.infer<typeof contactServiceSchema>;

/** Services whose pages carry a "Get a quote" button and send the track event (docs/product-spec.md §7). */
export const [QUOTE_SERVICES, quoteServiceSchema] = defineEnum(...MANAGED_SERVICE_PAGES, ...PACKAGE_SERVICES);
export type QuoteService = z.infer<typeof quoteServiceSchema>;

export const [CHAT_ROLES, chatRoleSchema] = defineEnum("user", "assistant");
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** Where a ticket or a comment came from (`email`: mail to the support address, see mail/inbound). */
export const [TICKET_SOURCES, ticketSourceSchema] = defineEnum("public", "client", "staff", "assistant", "email");
export type TicketSource = z.infer<typeof ticketSourceSchema>;

/** A ticket's SLA standing, kept current by writes and the SLA sweep (docs/architecture.md, "SLA"). */
export const [SLA_STATES, slaStateSchema] = defineEnum("ok", "at_risk", "overdue");
export type SlaState = z.infer<typeof slaStateSchema>;
/** The SLA states that cause a mail and an `sla.state` event when a ticket crosses into them. */
export type SlaAlertState = Exclude<SlaState, "ok">;

/** A mail's place in the outbox. */
export const [OUTBOX_STATUSES, outboxStatusSchema] = defineEnum("pending", "sending", "sent", "failed");
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** Every mail the product sends, one per cause (packages/api/src/mail/triggers.ts). */
export const MAIL_KINDS = [
  "ticket.received",
  "ticket.reply",
  "ticket.status",
  "ticket.new",
  "ticket.client_comment",
  "ticket.assigned",
  "ticket.merged",
  "sla.at_risk",
  "sla.overdue",
  "enquiry.new",
  "account.password_reset",
  "account.factor_added",
  "account.invitation",
  "invoice.sent",
  "invoice.reminder",
  "block.low",
  "webhook.disabled",
  "time.reminder",
  /** An article's review is due: once to its author (or the admins) per review period. */
  "knowledge.review",
  /** A mail an automation rule sends (packages/api/src/automation/actions.ts). */
  "automation.mail",
  /** An incident's update, once to each requester of its linked tickets (packages/api/src/incidents/). */
  "incident.update",
  /** The status page's subscription: the double opt-in link, then each public incident's update. */
  "status.confirm",
  "status.update",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Where an enquiry stands in the sales follow-up: new, contacted, then won or lost. */
export const [ENQUIRY_STATUSES, enquiryStatusSchema] = defineEnum("new", "contacted", "won", "lost");
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** What a mail to the support address became (docs/architecture.md, "Mail in"). */
export const INBOUND_OUTCOMES = ["ticket", "comment", "enquiry", "ignored"] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/** A requester's verdict on a resolved ticket: one click in the resolved mail or the portal. */
export const [SATISFACTION_RATINGS, satisfactionRatingSchema] = defineEnum("good", "bad");
export type SatisfactionRating = (typeof SATISFACTION_RATINGS)[number];
/**
 * How two linked tickets relate, read from the ticket that holds the link: "related", or
 * "caused_by" (this ticket was caused by the other one: the other is the problem behind it).
 */
export const [TICKET_LINK_KINDS, ticketLinkKindSchema] = defineEnum("related", "caused_by");
export type TicketLinkKind = (typeof TICKET_LINK_KINDS)[number];
