// What the assistant may look up, always for ONE company: the caller's. Every function takes the
// clientId from the signed-in user's context (never from the model or the message), and filters by it
// in the query itself. Devices come through the portal's own list query (devices/inventory.ts).
import MiniSearch from "minisearch";
import { and, asc, desc, eq, inArray, like } from "@repo/db";
import { ticketComments, tickets, type DbExecutor } from "@repo/db";
import {
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
import { processTerm, tokenize } from "./knowledge-index.js";

/** The client dashboard's counters (spec section 2): Open = NEW or TRIAGED, Resolved = RESOLVED or CLOSED. */
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

const summaryColumns = {
  id: tickets.id,
  title: tickets.title,
  description: tickets.description,
  status: tickets.status,
  priority: tickets.priority,
  type: tickets.type,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

type TicketRow = { [K in keyof typeof summaryColumns]: (typeof tickets.$inferSelect)[K] };

const toSummary = (row: TicketRow): TicketSummary => ({
  id: row.id,
  reference: ticketReference(row.id),
  title: row.title,
  status: row.status,
  statusLabel: TICKET_STATUS_LABELS[row.status],
  priority: row.priority,
  type: row.type,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

async function companyTickets(db: DbExecutor, clientId: string): Promise<TicketRow[]> {
  return db.select(summaryColumns).from(tickets).where(eq(tickets.clientId, clientId)).orderBy(desc(tickets.updatedAt));
}

export async function ticketCounts(db: DbExecutor, clientId: string): Promise<TicketCounts> {
  const rows = await db.select({ status: tickets.status }).from(tickets).where(eq(tickets.clientId, clientId));
  const count = (...statuses: TicketStatus[]) => rows.filter((r) => statuses.includes(r.status)).length;
  return {
    open: count("NEW", "TRIAGED"),
    inProgress: count("IN_PROGRESS"),
    resolved: count("RESOLVED", "CLOSED"),
    waitingOnYou: count("WAITING_CUSTOMER"),
    onHold: count("ON_HOLD"),
    total: rows.length,
  };
}

async function withLastComment(db: DbExecutor, clientId: string, rows: TicketRow[]): Promise<TicketDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const comments = await db
    .select({ ticketId: ticketComments.ticketId, authorName: ticketComments.authorName, content: ticketComments.content, createdAt: ticketComments.createdAt })
    .from(ticketComments)
    .innerJoin(tickets, eq(ticketComments.ticketId, tickets.id))
    // The company filter again, and internal notes excluded, in the query itself.
    .where(and(inArray(ticketComments.ticketId, ids), eq(tickets.clientId, clientId), eq(ticketComments.internal, false)))
    .orderBy(asc(ticketComments.createdAt));
  return rows.map((row) => {
    const last = comments.filter((c) => c.ticketId === row.id).at(-1);
    return { ...toSummary(row), lastComment: last ? { authorName: last.authorName, content: last.content, createdAt: last.createdAt } : null };
  });
}

/** A ticket by its 8-character reference (the last 8 characters of its id), within the company. */
export async function ticketByReference(db: DbExecutor, clientId: string, reference: string): Promise<TicketDetail | null> {
  const ref = reference.toLowerCase().replace(/^#/, "");
  if (!/^[0-9a-f]{8}$/.test(ref)) return null;
  const rows = await db
    .select(summaryColumns)
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), like(tickets.id, `%${ref}`)));
  const [detail] = await withLastComment(db, clientId, rows.slice(0, 1));
  return detail ?? null;
}

/** Words of a status question that say nothing about which ticket is meant. */
const QUESTION_WORDS = new Set(
  "ticket tickets status state update updates latest last news progress happening going on with our my the about any what whats how is are there where".split(" "),
);

/**
 * The company's tickets best matching words from a title ("the printer ticket"): searched over title and
 * description; the closest ones first (ties kept, at most 3).
 */
export async function findTicketsByWords(db: DbExecutor, clientId: string, text: string): Promise<TicketDetail[]> {
  const words = tokenize(text)
    .map((w) => w.toLowerCase())
    .filter((w) => !QUESTION_WORDS.has(w));
  if (words.length === 0) return [];
  const rows = await companyTickets(db, clientId);
  const index = new MiniSearch<TicketRow>({
    fields: ["title", "description"],
    processTerm,
    searchOptions: { boost: { title: 3 }, prefix: (t) => t.length >= 4, fuzzy: (t) => (t.length >= 6 ? 0.2 : false) },
  });
  index.addAll(rows);
  const hits = index.search(words.join(" "));
  const top = hits[0];
  if (!top) return [];
  const close = hits.filter((h) => h.score >= top.score * 0.75).slice(0, 3);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withLastComment(db, clientId, close.map((h) => byId.get(h.id as string)!));
}

/** The most recently updated tickets still open in any way (not RESOLVED or CLOSED). */
export async function activeTickets(db: DbExecutor, clientId: string, limit = 5): Promise<TicketSummary[]> {
  const rows = await companyTickets(db, clientId);
  return rows.filter((r) => r.status !== "RESOLVED" && r.status !== "CLOSED").slice(0, limit).map(toSummary);
}

export async function companyDevices(db: DbExecutor, clientId: string, now: Date): Promise<Device[]> {
  return listDevices(db, { clientId }, {}, now);
}

export async function deviceSummary(db: DbExecutor, clientId: string, now: Date): Promise<DeviceMetrics> {
  return deviceMetrics(await companyDevices(db, clientId, now));
}

/** Why a device is at risk, in words. */
export function riskReasons(device: Device, now: Date): string[] {
  const reasons: string[] = [];
  if (!device.encryptionEnabled) reasons.push("disk encryption is off");
  if (!device.lastCheckIn) reasons.push("it has never checked in");
  else {
    const days = Math.floor((now.getTime() - new Date(device.lastCheckIn).getTime()) / 86_400_000);
    if (days > 30) reasons.push(`last check-in ${days} days ago`);
  }
  return reasons;
}

/** Devices of the people whose name matches `name` (full name, or a first or last name). */
export function devicesOfUser(devices: Device[], name: string): Device[] {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return [];
  const exact = devices.filter((d) => d.assignedUser?.toLowerCase() === wanted);
  if (exact.length) return exact;
  return devices.filter((d) => d.assignedUser?.toLowerCase().split(/\s+/).includes(wanted) || (wanted.length >= 3 && d.assignedUser?.toLowerCase().includes(wanted)));
}
