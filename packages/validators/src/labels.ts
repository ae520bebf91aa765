// Display labels and badge colours of docs/product-spec.md §2 to 5.
import type { ContactService, DeviceStatus, TicketPriority, TicketStatus, TicketType } from "./enums.js";

/** Staff filters and the public form (docs/product-spec.md §5). */
export const STAFF_PRIORITY_LABELS: Record<TicketPriority, string> = {
  P1: "P1 Critical",
  P2: "P2 High",
  P3: "P3 Normal",
  P4: "P4 Low",
};

/** The public form's priority options with their explanations (docs/product-spec.md §2). */
export const PUBLIC_PRIORITY_OPTIONS: Record<TicketPriority, string> = {
  P1: "P1 Critical: business stopped",
  P2: "P2 High: major impact",
  P3: "P3 Normal: standard request",
  P4: "P4 Low: minor issue",
};

export const PUBLIC_TYPE_OPTIONS = {
  Incident: "Incident: something is broken",
  Request: "Request: need something new",
  Task: "Task: scheduled work",
} as const;

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

/** The client portal's own wording (docs/product-spec.md §5). */
export const CLIENT_PRIORITY_LABELS: Record<TicketPriority, string> = {
  P4: "P4 Low",
  P3: "P3 Medium",
  P2: "P2 High",
  P1: "P1 Urgent",
};

export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  INCIDENT: "Incident",
  REQUEST: "Request",
  TASK: "Task",
};

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  NEW: "New",
  TRIAGED: "Triaged",
  IN_PROGRESS: "In Progress",
  WAITING_CUSTOMER: "Waiting on Customer",
  ON_HOLD: "On Hold",
  RESOLVED: "Resolved",
  CLOSED: "Closed",
};

/** Mantine colour names for the badge colours of docs/product-spec.md §4. */
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  NEW: "blue",
  TRIAGED: "yellow",
  IN_PROGRESS: "grape",
  WAITING_CUSTOMER: "orange",
  ON_HOLD: "gray",
  RESOLVED: "green",
  CLOSED: "dark",
};

export const TICKET_PRIORITY_COLORS: Record<TicketPriority, string> = {
  P1: "red",
  P2: "orange",
  P3: "yellow",
  P4: "blue",
};

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  IN_USE: "In Use",
  SPARE: "Available",
  RETIRED: "Retired",
  IN_REPAIR: "In Repair",
};

/** The short reference shown for a ticket: "#" plus the last 8 characters of its id. */
export function ticketReference(id: string): string {
  return id.slice(-8);
}
