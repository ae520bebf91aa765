// Payloads shaped like the API's staff views (@repo/validators staffTicketSchema, routers/users.ts,
// routers/clients.ts, routers/metrics.ts), for component tests.
import type { AttachmentItem } from "../components/attachment-list";
import { TICKET_STATUSES, type TicketStatus } from "@repo/validators";
import { ticketCore } from "./ticket-core";

export const ACME = { id: "0190f3a2-0000-7000-8000-00000000ac01", name: "Acme Dental" };
export const BIRCH = { id: "0190f3a2-0000-7000-8000-00000000b001", name: "Birch Legal" };

export const ADMIN_USER = {
  id: "0190f3a2-0000-7000-8000-0000000000a1",
  name: "Alex Morgan",
  email: "admin@northwind.test",
  role: "ADMIN" as const,
  active: true,
  invitationPending: false,
  clientId: null,
};
export const AGENT_USER = {
  id: "0190f3a2-0000-7000-8000-0000000000a2",
  name: "Sam Patel",
  email: "agent@northwind.test",
  role: "AGENT" as const,
  active: true,
  invitationPending: false,
  clientId: null,
};
export const VIEWER_USER = {
  id: "0190f3a2-0000-7000-8000-0000000000a3",
  name: "Vic Viewer",
  email: "viewer@northwind.test",
  role: "VIEWER" as const,
  active: true,
  invitationPending: false,
  clientId: null,
};
export const CLIENT_USER = {
  id: "0190f3a2-0000-7000-8000-0000000000a4",
  name: "Dana Whitfield",
  email: "client@acme.test",
  role: "CLIENT" as const,
  active: true,
  invitationPending: false,
  clientId: ACME.id,
};
export const USERS = [ADMIN_USER, AGENT_USER, VIEWER_USER, CLIENT_USER];

interface Company {
  id: string;
  name: string;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  description: string | null;
  /** Staff see it; the client portal's profile does not carry it. */
  ssoRequired: boolean;
  showTimeToClient: boolean;
  trustedDomains: string[];
  taxCodeId: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
}

export function company(overrides: Partial<Company> = {}): Company {
  return {
    ...ACME,
    contactEmail: null,
    contactPhone: null,
    address: null,
    description: null,
    ssoRequired: false,
    showTimeToClient: false,
    trustedDomains: [],
    taxCodeId: null,
    billingEmail: null,
    billingAddress: null,
    ...overrides,
  };
}

export const COMPANIES = [company(ACME), company(BIRCH)];

export function staffTicket(overrides: Partial<ReturnType<typeof baseTicket>> = {}) {
  return { ...baseTicket(), ...overrides };
}

function baseTicket() {
  return {
    ...ticketCore(ACME.id),
    assigneeId: null as string | null,
    assignee: null as { id: string; name: string; email: string } | null,
    client: { id: ACME.id, name: ACME.name } as { id: string; name: string } | null,
    source: "staff" as const,
    firstResponseAt: null as string | null,
    resolvedAt: null as string | null,
    closedAt: null as string | null,
    responseDueAt: null as string | null,
    resolutionDueAt: null as string | null,
    slaState: "ok" as "ok" | "at_risk" | "overdue",
    slaPaused: false,
    held: false,
    heldReason: null as string | null,
    comments: [] as {
      id: string;
      ticketId: string;
      authorId: string | null;
      authorName: string;
      content: string;
      internal: boolean;
      source: "public" | "client" | "staff" | "assistant" | "email";
      mailId: string | null;
      createdAt: string;
    }[],
    attachments: [] as AttachmentItem[],
  };
}

export function ticketPage(
  tickets: ReturnType<typeof staffTicket>[],
  { total = tickets.length, page = 1, totalCapped = false } = {},
) {
  return { tickets, total, totalCapped, page, pageSize: 20 };
}

export function metricsOverview(
  overrides: {
    statusCounts?: Partial<Record<TicketStatus, number>>;
    overdue?: number;
    dueToday?: number;
    slaAtRisk?: number;
  } = {},
) {
  const statusCounts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, overrides.statusCounts?.[s] ?? 0]));
  return {
    statusCounts,
    overdue: overrides.overdue ?? 0,
    dueToday: overrides.dueToday ?? 0,
    slaAtRisk: overrides.slaAtRisk ?? 0,
    trend: [] as { day: string; created: number; resolved: number }[],
  };
}
