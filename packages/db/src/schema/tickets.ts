import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  belongsTo,
  createdAt,
  id,
  refersTo,
  requiredText,
  timelineOf,
  timestamps,
  timestamptz,
  version,
} from "./_columns.js";
import { slaStateEnum, ticketPriorityEnum, ticketSourceEnum, ticketStatusEnum, ticketTypeEnum } from "./enums.js";
import { clients } from "./clients.js";
import { users } from "./users.js";

/** PostgreSQL's full-text document type; drizzle has no built-in for it. The app never reads it back. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The words the staff search matches (docs/decisions/0019-ticket-search.md): the title weighs most, then
 * the description, then the requester (the email split at "@" and ".", so its parts are words too). The
 * 'simple' configuration keeps every word as written, lower-cased: no stemming of names, hostnames or
 * half-typed words, which the search completes by prefix instead.
 */
export const TICKET_SEARCH_CONFIG = "simple";

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
    ...timestamps(),
    version: version("tickets"),
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
    /** The last reopening: the resolution clock restarted here (docs/decisions/0016-reopen-restarts-resolution.md). */
    reopenedAt: timestamptz(),
    slaState: slaStateEnum().notNull().default("ok"),
    /**
     * The ticket this duplicate was merged into (docs/architecture.md §18): set once, as the merge closes it; a merged
     * ticket is never merged again nor merged into (tickets/merge.ts).
     */
    mergedIntoId: uuid().references((): AnyPgColumn => tickets.id, { onDelete: "set null" }),
    /**
     * Held for review (docs/decisions/0027-held-intake.md): a ticket from a sender nobody vouched for (a
     * mail without a valid signature, a public form naming a stranger). Staff see it with `heldReason`;
     * the client portal, metrics, views, reports and the SLA clock do not until staff accept it.
     */
    held: boolean().notNull().default(false),
    heldReason: text(),
    /**
     * The secret our mails' Reply-To carries (support+<token>@): a reply to it comments on this ticket even
     * when its sender's mail is not signed, where a guessable reference alone does not.
     */
    replyToken: text()
      .notNull()
      // Rows inserted by SQL alone (benches, tests of scale) draw theirs in the database: 244 random bits.
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`)
      .$defaultFn(() => randomBytes(16).toString("hex")),
    /** Generated from the columns above on every write (see TICKET_SEARCH_CONFIG); GIN-indexed. */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple'::regconfig, ${tickets.title}), 'A') || setweight(to_tsvector('simple'::regconfig, ${tickets.description}), 'B') || setweight(to_tsvector('simple'::regconfig, ${tickets.requesterName} || ' ' || translate(${tickets.requesterEmail}, '@.', '  ')), 'C')`,
      ),
  },
  (t) => [
    index().on(t.clientId, t.createdAt),
    index().on(t.status, t.createdAt),
    // Descending time: serves both "P1, newest first" and the "priority" sort (most urgent, then newest).
    index().on(t.priority, t.createdAt.desc().nullsFirst()),
    // Status and priority filtered together, newest first (the staff list's most common combination).
    index().on(t.status, t.priority, t.createdAt),
    index().on(t.assigneeId),
    // The agent desk's queues (docs/architecture.md §18): "My open tickets" and "Unassigned" read a
    // person's (or nobody's) tickets by status; "At risk" reads the SLA state the writes and the sweep keep.
    index().on(t.assigneeId, t.status),
    index().on(t.slaState, t.status),
    // "Recently updated", the list's third sort.
    index().on(t.updatedAt),
    index().on(t.createdAt),
    index().on(t.resolutionDueAt),
    index().on(t.mergedIntoId),
    uniqueIndex("tickets_reply_token").on(t.replyToken),
    // A reference (the id's last eight hex digits) found by an exact match, as mail-in looks them up.
    index("tickets_reference").on(sql`right(${t.id}::text, 8)`),
    index("tickets_held").on(t.createdAt).where(sql`${t.held}`),
    // Word search (search_vector @@ tsquery) reads this one.
    index("tickets_search_vector").using("gin", t.searchVector),
    // Words with the status and priority filters (btree_gin, migration 0020): one scan finds the tickets
    // that have all three, where ANDing the word's bitmap with the filters' reads every ticket of a common
    // word (docs/decisions/0020-search-plans.md).
    index("tickets_status_priority_search_vector").using("gin", t.status, t.priority, t.searchVector),
    // Words with both filters, narrowed before the scan (migration 0022): each word prefixed with the
    // ticket's status and priority ("NEW P2 hvac"), so a word completed as typed gathers only the postings of
    // those tickets, not of every ticket the word's prefix is in (docs/decisions/0023-words-by-status-and-priority.md).
    index("tickets_filtered_words").using(
      "gin",
      sql`ticket_filtered_words(${t.status}, ${t.priority}, ${t.searchVector})`,
    ),
    // Substring search (ILIKE '%q%': part of a serial number, an email, a word's middle) reads this one.
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
  // A person's comments of a day: the time drafts read them (docs/features.md "Time: drafts").
  (t) => [...timelineOf("ticketId")(t), index().on(t.authorId, t.createdAt)],
);
