// The select options the rule editor offers for the ticket's enumerations.
import { STAFF_PRIORITY_LABELS, TICKET_STATUS_LABELS, TICKET_TYPES } from "@repo/validators";

export const PRIORITY_OPTIONS = Object.entries(STAFF_PRIORITY_LABELS).map(([value, label]) => ({ value, label }));
export const STATUS_OPTIONS = Object.entries(TICKET_STATUS_LABELS).map(([value, label]) => ({ value, label }));
export const TYPE_OPTIONS = TICKET_TYPES.map((value) => ({ value, label: value }));

/** Choices fetched from the server (companies, staff, canned replies). */
export interface Choices {
  companies: { value: string; label: string }[];
  staff: { value: string; label: string }[];
  replies: { value: string; label: string }[];
}
