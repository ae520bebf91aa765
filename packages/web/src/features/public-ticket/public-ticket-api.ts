import type { PublicTicketCreateInput } from "@repo/validators";
import { getJson, postJson } from "../../lib/public-api";

export interface Organization {
  id: string;
  name: string;
}

/** GET /api/admin/clients (public): the companies the Organization select offers. */
export const fetchOrganizations = () => getJson<Organization[]>("/api/admin/clients");

/** POST /api/tickets without a session: a new ticket from the public fields; the answer carries its id. */
export const submitPublicTicket = (ticket: PublicTicketCreateInput) => postJson<{ id: string }>("/api/tickets", ticket);
