// Display labels and badge colours of docs/product-spec.md §2 to 5.
import type {
  ContactService,
  DeviceCompliance,
  EnquiryStatus,
  SatisfactionRating,
  DeviceStatus,
  TicketLinkKind,
  TicketPriority,
  TicketStatus,
  TicketType,
} from "./enums.js";
import { TICKET_REFERENCE_LENGTH } from "./constants.js";

/**
 * One column of a table that keeps each enum value's words together, as a record of its own. `order` is the
 * order of the record's keys, which a select that lists `Object.entries` shows.
 */
export function labelColumn<K extends string, C extends string>(
  table: Record<K, Record<C, string>>,
  column: C,
  order: readonly K[] = Object.keys(table) as K[],
): Record<K, string> {
  return Object.fromEntries(order.map((key) => [key, table[key][column]])) as Record<K, string>;
}

/** A badge's label and Mantine colour per enum value, as the two records the badges and selects read. */
export function badgeColumns<K extends string>(table: Record<K, Record<"label" | "color", string>>) {
  return { labels: labelColumn(table, "label"), colors: labelColumn(table, "color") };
}

// Tickets.

/** Each status's label and the Mantine colour of its badge (docs/product-spec.md §4). */
export const { labels: TICKET_STATUS_LABELS, colors: TICKET_STATUS_COLORS } = badgeColumns<TicketStatus>({
  NEW: { label: "New", color: "blue" },
  TRIAGED: { label: "Triaged", color: "yellow" },
  IN_PROGRESS: { label: "In Progress", color: "grape" },
  WAITING_CUSTOMER: { label: "Waiting on Customer", color: "orange" },
  ON_HOLD: { label: "On Hold", color: "gray" },
  RESOLVED: { label: "Resolved", color: "green" },
  CLOSED: { label: "Closed", color: "dark" },
});

/**
 * How each priority is named: by the staff (filters and mails), by the client portal, and as the public
 * form's option with its explanation (docs/product-spec.md §2 and §5); and its badge colour (§4).
 */
const PRIORITY_WORDS: Record<TicketPriority, Record<"staff" | "client" | "publicOption" | "color", string>> = {
  P1: { staff: "P1 Critical", client: "P1 Urgent", publicOption: "P1 Critical: business stopped", color: "red" },
  P2: { staff: "P2 High", client: "P2 High", publicOption: "P2 High: major impact", color: "orange" },
  P3: { staff: "P3 Normal", client: "P3 Medium", publicOption: "P3 Normal: standard request", color: "yellow" },
  P4: { staff: "P4 Low", client: "P4 Low", publicOption: "P4 Low: minor issue", color: "blue" },
};

/** Staff filters and mails (docs/product-spec.md §5). */
export const STAFF_PRIORITY_LABELS = labelColumn(PRIORITY_WORDS, "staff");
/** The client portal's own wording (docs/product-spec.md §5), lowest first as its selects list them. */
export const CLIENT_PRIORITY_LABELS = labelColumn(PRIORITY_WORDS, "client", ["P4", "P3", "P2", "P1"]);
/** The public form's priority options with their explanations (docs/product-spec.md §2). */
export const PUBLIC_PRIORITY_OPTIONS = labelColumn(PRIORITY_WORDS, "publicOption");
/** Mantine colour names for the badge colours of docs/product-spec.md §4. */
export const TICKET_PRIORITY_COLORS = labelColumn(PRIORITY_WORDS, "color");

export const PUBLIC_TYPE_OPTIONS = {
  Incident: "Incident: something is broken",
  Request: "Request: need something new",
  Task: "Task: scheduled work",
} as const;

export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  INCIDENT: "Incident",
  REQUEST: "Request",
  TASK: "Task",
};

/** A link as the ticket holding it reads it, and as the other ticket reads it back. */
export const TICKET_LINK_LABELS: Record<TicketLinkKind, { forward: string; back: string }> = {
  related: { forward: "Related to", back: "Related to" },
  caused_by: { forward: "Caused by", back: "Causes" },
};

/** The two ratings as the mail, the rating page and the reports name them. */
export const { labels: SATISFACTION_LABELS, colors: SATISFACTION_COLORS } = badgeColumns<SatisfactionRating>({
  good: { label: "Good", color: "green" },
  bad: { label: "Bad", color: "red" },
});

/** The short reference shown for a ticket: "#" plus the last 8 characters of its id. */
export function ticketReference(id: string): string {
  return id.slice(-TICKET_REFERENCE_LENGTH);
}

// Enquiries.

/** Where an enquiry stands, and its badge colour (the enquiry follow-up). */
export const { labels: ENQUIRY_STATUS_LABELS, colors: ENQUIRY_STATUS_COLORS } = badgeColumns<EnquiryStatus>({
  new: { label: "New", color: "blue" },
  contacted: { label: "Contacted", color: "yellow" },
  won: { label: "Won", color: "green" },
  lost: { label: "Lost", color: "gray" },
});

/** The services an enquiry can be about (docs/product-spec.md §3), as the contact form and the enquiries list name them. */
export const CONTACT_SERVICE_LABELS: Record<ContactService, string> = {
  "email-deliverability": "Email Deliverability Optimization",
  "intune-fast-start": "Identity & Device Fast Start",
  "cloud-migration-lite": "Cloud Migration Lite",
  "security-hardening-sprint": "Security Hardening Sprint",
  "device-management": "Device Management",
  "email-collaboration": "Email & Collaboration",
  "managed-it": "Managed IT Services",
  "help-desk": "Help Desk Support",
  general: "General Enquiry",
};

// Devices.

/** A device's status and the colour of its badge in the inventory. */
export const { labels: DEVICE_STATUS_LABELS, colors: DEVICE_STATUS_COLORS } = badgeColumns<DeviceStatus>({
  IN_USE: { label: "In Use", color: "green" },
  SPARE: { label: "Available", color: "blue" },
  RETIRED: { label: "Retired", color: "gray" },
  IN_REPAIR: { label: "In Repair", color: "orange" },
});

/** The check-in flags (docs/features.md §12): the inventory's "Check-in" filter and the row's badges. */
export const DEVICE_FLAGS = ["stale", "needsReview"] as const;
export type DeviceFlag = (typeof DEVICE_FLAGS)[number];
export const { labels: DEVICE_FLAG_LABELS, colors: DEVICE_FLAG_COLORS } = badgeColumns<DeviceFlag>({
  stale: { label: "Stale", color: "gray" },
  needsReview: { label: "Needs review", color: "violet" },
});

/**
 * The compliance badge: green only for a device that passed both checks; a RETIRED device (whose status
 * badge says "Retired" beside it) is "Not assessed" in grey rather than passing as compliant
 * (docs/architecture.md §7). The short label keeps the inventory's table in 1024 px; the hint says the rest.
 */
export const { labels: DEVICE_COMPLIANCE_LABELS, colors: DEVICE_COMPLIANCE_COLORS } = badgeColumns<DeviceCompliance>({
  COMPLIANT: { label: "Compliant", color: "green" },
  AT_RISK: { label: "At Risk", color: "red" },
  NOT_ASSESSED: { label: "Not assessed", color: "gray" },
});
/** What "Not assessed" means, where the badge can say more (its tooltip, a phone's card). */
export const DEVICE_NOT_ASSESSED_HINT = "Retired: out of service, so not checked for encryption or check-ins";
