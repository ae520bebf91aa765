// What the assistant may look up, always for ONE company: the caller's. Every function takes the company
// scope of the signed-in user's context (never from the model or the message), and filters by it
// in the query itself. Tickets and devices come through the portal's own queries (tickets/queries.ts,
// devices/inventory.ts), so the assistant sees exactly what the client's screens show.
import MiniSearch from "minisearch";
import type { DbExecutor } from "@repo/db";
import {
  FINISHED_STATUSES,
  TICKET_STATUS_LABELS,
  ticketReference,
  type Device,
  type DeviceMetrics,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from "@repo/validators";
import { deviceMetrics } from "../devices/compliance.js";
import { listDevices } from "../devices/inventory.js";
import type { CompanyScope } from "../auth/scope.js";
import { getClientTicket, listClientTickets } from "../tickets/queries.js";
import type { ClientTicket } from "@repo/validators";
import { processTerm, tokenize } from "@repo/validators";

/** The client dashboard's counters (docs/product-spec.md §2): Open = NEW or TRIAGED, Resolved = RESOLVED or CLOSED. */
export interface TicketCounts {
  open: number;
  inProgress: number;
  resolved: number;
  waitingOnYou: number;
  onHold: number;
  total: number;
}

export interface TicketSummary {
  id: string;
  reference: string;
  title: string;
  status: TicketStatus;
  statusLabel: string;
  priority: TicketPriority;
  type: TicketType;
  createdAt: Date;
  updatedAt: Date;
}

export interface TicketDetail extends TicketSummary {
  /** The latest comment a client may see (internal notes never). */
  lastComment: { authorName: string; content: string; createdAt: Date } | null;
}

const toSummary = (t: ClientTicket): TicketSummary => ({
  id: t.id,
  reference: ticketReference(t.id),
  title: t.title,
  status: t.status,
  statusLabel: TICKET_STATUS_LABELS[t.status],
  priority: t.priority,
  type: t.type,
  createdAt: new Date(t.createdAt),
  updatedAt: new Date(t.updatedAt),
});

export async function ticketCounts(db: DbExecutor, scope: CompanyScope): Promise<TicketCounts> {
  const list = await listClientTickets(db, scope);
  const count = (...statuses: TicketStatus[]) => list.filter((t) => statuses.includes(t.status)).length;
  return {
    open: count("NEW", "TRIAGED"),
    inProgress: count("IN_PROGRESS"),
    resolved: count("RESOLVED", "CLOSED"),
    waitingOnYou: count("WAITING_CUSTOMER"),
    onHold: count("ON_HOLD"),
    total: list.length,
  };
}

/** The ticket as the client's ticket page shows it: public comments only (getClientTicket drops notes). */
async function ticketDetail(db: DbExecutor, scope: CompanyScope, id: string): Promise<TicketDetail> {
  const ticket = await getClientTicket(db, scope, id);
  const last = ticket.comments?.at(-1);
  return {
    ...toSummary(ticket),
    lastComment: last
      ? { authorName: last.authorName, content: last.content, createdAt: new Date(last.createdAt) }
      : null,
  };
}

/** A ticket by its 8-character reference (the last 8 characters of its id), within the company. */
export async function ticketByReference(
  db: DbExecutor,
  scope: CompanyScope,
  reference: string,
): Promise<TicketDetail | null> {
  const ref = reference.toLowerCase().replace(/^#/, "");
  if (!/^[0-9a-f]{8}$/.test(ref)) return null;
  const match = (await listClientTickets(db, scope)).find((t) => t.id.endsWith(ref));
  return match ? ticketDetail(db, scope, match.id) : null;
}

/** Words of a status question that say nothing about which ticket is meant. */
const QUESTION_WORDS = new Set(
  "ticket tickets status state update updates latest last news progress happening going on with our my the about any what whats how is are there where".split(
    " ",
  ),
);

/**
 * The company's tickets best matching words from a title ("the printer ticket"): searched over title and
 * description; the closest ones first (near-ties kept, at most 3).
 */
export async function findTicketsByWords(db: DbExecutor, scope: CompanyScope, text: string): Promise<TicketDetail[]> {
  const words = tokenize(text)
    .map((w) => w.toLowerCase())
    .filter((w) => !QUESTION_WORDS.has(w));
  if (words.length === 0) return [];
  const list = await listClientTickets(db, scope);
  const index = new MiniSearch<ClientTicket>({
    fields: ["title", "description"],
    processTerm,
    searchOptions: { boost: { title: 3 }, prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false) },
  });
  index.addAll(list);
  const hits = index.search(words.join(" "));
  const top = hits[0];
  if (!top) return [];
  const close = hits.filter((h) => h.score >= top.score * 0.75).slice(0, 3);
  return Promise.all(close.map((h) => ticketDetail(db, scope, h.id as string)));
}

/** The most recently updated tickets still open in any way (not RESOLVED or CLOSED). */
export async function activeTickets(db: DbExecutor, scope: CompanyScope, limit = 5): Promise<TicketSummary[]> {
  const list = await listClientTickets(db, scope);
  return list
    .filter((t) => !FINISHED_STATUSES.includes(t.status))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, limit)
    .map(toSummary);
}

export async function companyDevices(db: DbExecutor, scope: CompanyScope, now: Date): Promise<Device[]> {
  return listDevices(db, scope, {}, now);
}

export async function deviceSummary(db: DbExecutor, scope: CompanyScope, now: Date): Promise<DeviceMetrics> {
  return deviceMetrics(await companyDevices(db, scope, now));
}

/** Why a device is at risk, in words. */
/** Why a device is at risk, as the server rated it (devices/compliance.ts), written mid-sentence. */
export function riskReasons(device: Device): string[] {
  return device.complianceIssues.map((issue) => issue.charAt(0).toLowerCase() + issue.slice(1));
}

/** Devices of the people whose name matches `name` (full name, or a first or last name). */
export function devicesOfUser(devices: Device[], name: string): Device[] {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return [];
  const exact = devices.filter((d) => d.assignedUser?.toLowerCase() === wanted);
  if (exact.length) return exact;
  return devices.filter(
    (d) =>
      d.assignedUser?.toLowerCase().split(/\s+/).includes(wanted) ||
      (wanted.length >= 3 && d.assignedUser?.toLowerCase().includes(wanted)),
  );
}
