// The staff ticket form's values and the payload they become (docs/product-spec.md §3, §5 and §7).
import { TICKET_DEFAULTS, type TicketPriority, type TicketStatus, type TicketType } from "@repo/validators";
import type { StaffTicket } from "./api-types";

/** The Assign To option that means nobody; sent to the API as an empty string (docs/product-spec.md §3). */
export const UNASSIGNED = "unassigned";

export interface TicketFormValues {
  title: string;
  clientId: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  status: TicketStatus;
  requesterName: string;
  requesterEmail: string;
  /** A user id or UNASSIGNED. */
  assigneeId: string;
}

export const EMPTY_TICKET_FORM: TicketFormValues = {
  title: "",
  clientId: "",
  description: "",
  type: TICKET_DEFAULTS.type,
  priority: TICKET_DEFAULTS.priority,
  status: TICKET_DEFAULTS.status,
  requesterName: "",
  requesterEmail: "",
  assigneeId: UNASSIGNED,
};

export function ticketFormValues(ticket: StaffTicket): TicketFormValues {
  return {
    title: ticket.title,
    clientId: ticket.clientId,
    description: ticket.description,
    type: ticket.type,
    priority: ticket.priority,
    status: ticket.status,
    requesterName: ticket.requesterName,
    requesterEmail: ticket.requesterEmail,
    assigneeId: ticket.assigneeId ?? UNASSIGNED,
  };
}

/**
 * An edit's body (PATCH /api/tickets/{id}): only the fields the person changed (docs/architecture.md §8a),
 * text trimmed and "unassigned" as "", so a save never writes back a field someone else changed meanwhile.
 */
export function ticketEditPayload(edits: Partial<TicketFormValues>) {
  const out: Partial<TicketFormValues> = {};
  for (const [key, value] of Object.entries(edits) as [keyof TicketFormValues, string][]) {
    (out as Record<string, string>)[key] =
      key === "assigneeId" && value === UNASSIGNED ? "" : TEXT_FIELDS.has(key) ? value.trim() : value;
  }
  return out;
}
const TEXT_FIELDS = new Set<keyof TicketFormValues>(["title", "description", "requesterName", "requesterEmail"]);

/** The form's labels (ticket-fields.tsx), for the "Changed elsewhere" notice's list of the person's changes. */
export const TICKET_FIELD_LABELS: Record<keyof TicketFormValues, string> = {
  title: "Title",
  clientId: "Client",
  description: "Description",
  type: "Type",
  priority: "Priority",
  status: "Status",
  requesterName: "Requester Name",
  requesterEmail: "Requester Email",
  assigneeId: "Assign To",
};

/**
 * The body of POST /api/tickets or PATCH /api/tickets/{id}: the form's fields, "unassigned" as "", and
 * the ticket's tags kept as they are (the form does not edit them). A new ticket starts as NEW, since the
 * status can be chosen only when editing (docs/product-spec.md §4).
 */
export function ticketPayload(values: TicketFormValues, { editing, tags = [] }: { editing: boolean; tags?: string[] }) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    priority: values.priority,
    status: editing ? values.status : TICKET_DEFAULTS.status,
    requesterName: values.requesterName.trim(),
    requesterEmail: values.requesterEmail.trim(),
    clientId: values.clientId,
    assigneeId: values.assigneeId === UNASSIGNED ? "" : values.assigneeId,
    tags,
  };
}
