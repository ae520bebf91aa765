// Turns an audit-log row of a ticket into sentences a person reads ("Sam changed Status from New to
// In Progress"). Ids become names where the screen knows them.
import {
  STAFF_PRIORITY_LABELS,
  TICKET_LINK_LABELS,
  ticketReference,
  type TicketLinkKind,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from "@repo/validators";
import { TICKET_FIELD_LABELS } from "./ticket-form-values";

export interface HistoryEntry {
  action: string;
  actorName: string | null;
  changes: Record<string, { from?: unknown; to?: unknown }> | null;
  /** The merged duplicate the entry was first written on (docs/architecture.md §18, Merge). */
  mergedFromId?: string | null;
}

export interface HistoryNames {
  /** user id -> name */
  users: ReadonlyMap<string, string>;
  /** client id -> company name */
  clients: ReadonlyMap<string, string>;
}

// The form's labels, and the fields only the history names; the history says "Assignee" where the form
// asks "Assign To".
const FIELD_LABELS: Record<string, string> = {
  ...TICKET_FIELD_LABELS,
  assigneeId: "Assignee",
  tags: "Tags",
  deviceId: "Device",
  mergedIntoId: "Merged into",
  mergedTicket: "Merged ticket",
  link: "Link",
  cc: "CC",
  copyCcOnReplies: "Copy CC on public replies",
};

/** Fields whose value is another ticket's id, shown as its reference. */
const TICKET_FIELDS = new Set(["mergedIntoId", "mergedTicket"]);

/** Fields too long to quote: the entry says they changed, not what to. */
const LONG_FIELDS = new Set(["description"]);

const ACTION_SUMMARIES: Record<string, string> = {
  "ticket.created": "created the ticket",
  "ticket.updated": "updated the ticket",
  "comment.created": "replied",
  "note.created": "added an internal note",
  "ticket.reopened": "replied and reopened the ticket",
  "ticket.merged": "merged this ticket into another",
  "ticket.merged_in": "merged a duplicate into this ticket",
  "link.added": "linked a ticket",
  "link.removed": "removed a link",
  "cc.added": "copied an address on the ticket",
  "cc.removed": "removed a CC address",
  "cc.copy": "changed whether replies copy the CC list",
};

/** A link's side of the story: "Caused by #1a2b3c4d". */
function linkText(value: { ticketId?: string; kind?: TicketLinkKind; back?: boolean }): string {
  const labels = value.kind ? TICKET_LINK_LABELS[value.kind] : undefined;
  const label = labels ? (value.back ? labels.back : labels.forward) : "Linked to";
  return `${label} #${ticketReference(String(value.ticketId ?? ""))}`;
}

function valueText(field: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === "") return field === "assigneeId" ? "Unassigned" : "none";
  if (field === "status") return TICKET_STATUS_LABELS[value as TicketStatus] ?? String(value);
  if (field === "priority") return STAFF_PRIORITY_LABELS[value as TicketPriority] ?? String(value);
  if (field === "type") return TICKET_TYPE_LABELS[value as TicketType] ?? String(value);
  if (field === "assigneeId") return names.users.get(String(value)) ?? "a former user";
  if (field === "clientId") return names.clients.get(String(value)) ?? "another client";
  if (TICKET_FIELDS.has(field)) return `#${ticketReference(String(value))}`;
  if (field === "deviceId") return "a device";
  if (field === "link" && typeof value === "object") return linkText(value as Parameters<typeof linkText>[0]);
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  return String(value);
}

export function describeHistoryEntry(entry: HistoryEntry, names: HistoryNames): { summary: string; details: string[] } {
  const actor = entry.actorName ?? "System";
  const summary = `${actor} ${ACTION_SUMMARIES[entry.action] ?? entry.action}`;
  const details = Object.entries(entry.changes ?? {}).map(([field, change]) => {
    const label = FIELD_LABELS[field] ?? field;
    if (LONG_FIELDS.has(field)) return `${label} changed`;
    const to = valueText(field, change.to, names);
    // A creation has no "from": it states what the ticket started with.
    if (change.from === null || change.from === undefined) {
      if (field === "link" || field === "cc") return `Added: ${to}`;
      return entry.action === "ticket.created" ? `${label}: ${to}` : `${label} set to ${to}`;
    }
    if (change.to === null || change.to === undefined) {
      if (field === "link" || field === "cc") return `Removed: ${valueText(field, change.from, names)}`;
    }
    return `${label}: ${valueText(field, change.from, names)} → ${to}`;
  });
  if (entry.mergedFromId) details.push(`From merged ticket #${ticketReference(entry.mergedFromId)}`);
  return { summary, details };
}
