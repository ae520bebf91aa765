import type { PublicTicketCreateInput } from "@repo/validators";
import type { DeflectionCalls } from "../../lib/deflection";
import { getJson, postJson } from "../../lib/public-api";

export interface Organization {
  id: string;
  name: string;
}

/** GET /api/admin/clients (public): the companies the Organization select offers. */
export const fetchOrganizations = () => getJson<Organization[]>("/api/admin/clients");

/** POST /api/tickets without a session: a new ticket from the public fields; the answer carries its id. */
export const submitPublicTicket = (ticket: PublicTicketCreateInput) => postJson<{ id: string }>("/api/tickets", ticket);

/**
 * The form's deflection calls (lib/deflection.ts), as a visitor. A failure changes nothing for the
 * visitor: the figures lose one form, the ticket is still sent.
 */
export const deflectionCalls: DeflectionCalls = {
  opened: (input) => void postJson("/api/knowledge/deflections", input).catch(() => {}),
  sent: (formId) => void postJson(`/api/knowledge/deflections/${formId}/sent`, {}).catch(() => {}),
};
