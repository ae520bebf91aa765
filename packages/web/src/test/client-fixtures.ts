// Payloads shaped like the API's client views (packages/api/src/tickets/serialize.ts), for component tests.
import type { TicketStatus } from "@repo/validators";

let sequence = 0;

export function clientTicket(overrides: Partial<ReturnType<typeof baseTicket>> = {}) {
  return { ...baseTicket(), ...overrides };
}

function baseTicket() {
  sequence += 1;
  const id = `0190f3a2-0000-7000-8000-${String(sequence).padStart(12, "0")}`;
  return {
    id,
    title: `Printer jams on page two (${sequence})`,
    description: "The reception printer jams on every second page since Monday.",
    type: "INCIDENT" as const,
    priority: "P3" as const,
    status: "NEW" as TicketStatus,
    requesterName: "Dana Whitfield",
    requesterEmail: "client@acme.test",
    clientId: "c-acme",
    tags: [] as string[],
    createdAt: "2026-11-20T14:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    assignee: null as { name: string; email: string } | null,
    comments: [] as { id: string; authorName: string; content: string; createdAt: string }[],
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
