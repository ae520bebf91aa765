// Turns an audit-log row of a ticket into sentences a person reads ("Sam changed Status from New to
// In Progress"). Ids become names where the screen knows them.
import {
  STAFF_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from "@repo/validators";

export interface HistoryEntry {
  action: string;
  actorName: string | null;
  changes: Record<string, { from?: unknown; to?: unknown }> | null;
}

export interface HistoryNames {
  /** user id -> name */
  users: ReadonlyMap<string, string>;
  /** client id -> company name */
  clients: ReadonlyMap<string, string>;
}

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  description: "Description",
  type: "Type",
  priority: "Priority",
  status: "Status",
  requesterName: "Requester Name",
  requesterEmail: "Requester Email",
  clientId: "Client",
  assigneeId: "Assignee",
  tags: "Tags",
};

/** Fields too long to quote: the entry says they changed, not what to. */
const LONG_FIELDS = new Set(["description"]);

const ACTION_SUMMARIES: Record<string, string> = {
  "ticket.created": "created the ticket",
  "ticket.updated": "updated the ticket",
  "comment.created": "replied",
  "note.created": "added an internal note",
  "ticket.reopened": "replied and reopened the ticket",
};

function valueText(field: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === "") return field === "assigneeId" ? "Unassigned" : "none";
  if (field === "status") return TICKET_STATUS_LABELS[value as TicketStatus] ?? String(value);
  if (field === "priority") return STAFF_PRIORITY_LABELS[value as TicketPriority] ?? String(value);
  if (field === "type") return TICKET_TYPE_LABELS[value as TicketType] ?? String(value);
  if (field === "assigneeId") return names.users.get(String(value)) ?? "a former user";
  if (field === "clientId") return names.clients.get(String(value)) ?? "another client";
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
      return entry.action === "ticket.created" ? `${label}: ${to}` : `${label} set to ${to}`;
    }
    return `${label}: ${valueText(field, change.from, names)} → ${to}`;
  });
  return { summary, details };
}
