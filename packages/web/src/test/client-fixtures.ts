// Payloads shaped like the API's client views (packages/api/src/tickets/serialize.ts), for component tests.
import type { AttachmentItem } from "../components/attachment-list";
import { ticketCore } from "./ticket-core";

export function clientTicket(overrides: Partial<ReturnType<typeof baseTicket>> = {}) {
  return { ...baseTicket(), ...overrides };
}

function baseTicket() {
  return {
    ...ticketCore("c-acme"),
    assignee: null as { name: string; email: string } | null,
    comments: [] as { id: string; authorName: string; content: string; createdAt: string }[],
    attachments: [] as AttachmentItem[],
  };
}

export const acmeProfile = {
  id: "c-acme",
  name: "Acme Dental",
  contactEmail: null as string | null,
  contactPhone: "416-555-0100" as string | null,
  address: null as string | null,
  description: null as string | null,
};
