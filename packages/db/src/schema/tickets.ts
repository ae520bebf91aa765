import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import {
  belongsTo,
  belongsToIfAny,
  createdAt,
  id,
  refersTo,
  requiredText,
  timestamptz,
  updatedAt,
  timelineOf,
} from "./_columns.js";
import { slaStateEnum, ticketPriorityEnum, ticketSourceEnum, ticketStatusEnum, ticketTypeEnum } from "./enums.js";
import { clients } from "./clients.js";
import { users } from "./auth.js";

export const tickets = pgTable(
  "tickets",
  {
    id: id(),
    title: requiredText(),
    description: requiredText(),
    type: ticketTypeEnum().notNull().default("REQUEST"),
    priority: ticketPriorityEnum().notNull().default("P3"),
    status: ticketStatusEnum().notNull().default("NEW"),
    requesterName: requiredText(),
    requesterEmail: requiredText(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    assigneeId: refersTo(users.id),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    source: ticketSourceEnum().notNull().default("staff"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // SLA (docs/architecture.md, "SLA"): stamps, due times recomputed on every change, and the paused time.
    firstResponseAt: timestamptz(),
    resolvedAt: timestamptz(),
    closedAt: timestamptz(),
    responseDueAt: timestamptz(),
    resolutionDueAt: timestamptz(),
    /** Business milliseconds spent paused in finished pauses. */
    pausedMs: bigint({ mode: "number" }).notNull().default(0),
    /** When the current pause began (WAITING_CUSTOMER / ON_HOLD), null when the clock runs. */
    pausedAt: timestamptz(),
    slaState: slaStateEnum().notNull().default("ok"),
  },
  (t) => [
    index().on(t.clientId, t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.priority, t.createdAt),
    // Status and priority filtered together, newest first (the staff list's most common combination).
    index().on(t.status, t.priority, t.createdAt),
    index().on(t.assigneeId),
    index().on(t.createdAt),
    index().on(t.resolutionDueAt),
    // Substring search (ILIKE '%q%') over title, description and requester uses these trigram indexes.
    index("tickets_search_trgm").using(
      "gin",
      sql`(${t.title} || ' ' || ${t.description} || ' ' || ${t.requesterName} || ' ' || ${t.requesterEmail}) gin_trgm_ops`,
    ),
  ],
);

export const ticketComments = pgTable(
  "ticket_comments",
  {
    id: id(),
    ticketId: belongsTo(tickets.id),
    authorId: refersTo(users.id),
    authorName: requiredText(),
    content: requiredText(),
    /** Staff-only note: never in a client payload, event or mail. */
    internal: boolean().notNull().default(false),
    /** Where the comment was written: the client portal, the staff portal or a mail (see inbound_mails). */
    source: ticketSourceEnum().notNull().default("staff"),
    createdAt: createdAt(),
  },
  timelineOf("ticketId"),
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    ticketId: belongsToIfAny(tickets.id),
    actorId: refersTo(users.id),
    actorName: text(),
    action: requiredText(),
    changes: jsonb().$type<Record<string, { from: unknown; to: unknown }>>(),
    createdAt: createdAt(),
  },
  timelineOf("ticketId"),
);

/** SLA targets per priority, editable by an admin. */
export const slaPolicies = pgTable("sla_policies", {
  priority: ticketPriorityEnum().primaryKey(),
  firstResponseMinutes: integer().notNull(),
  resolutionMinutes: integer().notNull(),
  /** false: the clock runs around the clock (P1); true: Mon-Fri 09:00-17:00 America/Toronto. */
  businessHours: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});
