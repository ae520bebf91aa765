// Ticket reads: the staff list with search and filters, and single tickets in the staff and client views.
// A client read always carries its company in the WHERE clause: another company's ticket is not found.
import { ticketAttachments } from "../files/attachments.js";
import {
  and,
  asc,
  type auditLogs,
  type outbox,
  clients,
  count,
  desc,
  eq,
  getTableColumns,
  inboundMails,
  sql,
  ticketComments,
  tickets,
  users,
  isUuid,
  type Placeholder,
  preparedQuery,
  onOneConnection,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import type { ClientTicket, StaffTicket, TicketListQuery } from "@repo/validators";
import { NotFoundError } from "../errors.js";
import { confinedClientId, type Scope } from "../auth/scope.js";
import { notHeld, ticketsInScope } from "./in-scope.js";
import { expectations, statusTimeline } from "./client-progress.js";
import { ticketOrder, viewWhere, type ViewerContext, type ViewerValues } from "../views/queues.js";
import { ticketDeviceOf } from "./ticket-device.js";
import { ticketSearch, type SearchPlanning, type TicketSearch } from "./search.js";
import { searchStats } from "./search-plan.js";
import { CORE_TICKET_FIELDS, toClientTicket, toStaffTicket } from "./serialize.js";

export const ticketNotFound = () => NotFoundError.of("Ticket");

/** Staff reads of a ticket's mails or history: "Ticket not found" unless the ticket exists in `scope`. */
export async function assertTicketExists(db: DbExecutor, scope: Scope, id: string): Promise<void> {
  const [ticket] = isUuid(id)
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, id), ticketsInScope(scope)))
    : [];
  if (!ticket) throw ticketNotFound();
}

/**
 * A ticket's mails or audit log, by time (ties broken by id, which is time-ordered too), for the staff
 * views of one ticket: "Ticket not found" rather than an empty list when the ticket does not exist.
 */
export async function ticketRecords<T extends typeof outbox | typeof auditLogs>(
  db: DbExecutor,
  scope: Scope,
  table: T,
  ticketId: string,
  order: "oldest first" | "newest first",
): Promise<T["$inferSelect"][]> {
  await assertTicketExists(db, scope, ticketId);
  const by = order === "oldest first" ? asc : desc;
  // drizzle cannot type a select from a generic table; from the union it can, and T names the row type.
  const source: typeof outbox | typeof auditLogs = table;
  const rows = await db
    .select()
    .from(source)
    .where(eq(source.ticketId, ticketId))
    .orderBy(by(source.createdAt), by(source.id));
  return rows as T["$inferSelect"][];
}

export const assigneeColumns = { id: users.id, name: users.name, email: users.email };

/** How much of a description a list carries; the ticket itself has all of it. */
export const LIST_DESCRIPTION_CHARS = 300;

/** A ticket's columns, without the search document (an index's input, never shown). */
const { searchVector: _searchVector, ...ticketColumns } = getTableColumns(tickets);
export { ticketColumns };

/**
 * A ticket's columns as lists read them: the description cut to an excerpt in SQL, so a list of long
 * tickets stays small on the wire and in memory.
 */
const excerpt = sql<string>`case when length(${tickets.description}) > ${LIST_DESCRIPTION_CHARS}
    then left(${tickets.description}, ${LIST_DESCRIPTION_CHARS - 1}) || '…' else ${tickets.description} end`;
const listedTicket = { ...ticketColumns, description: excerpt };

/**
 * The same for a client's lists: only the columns the client's view shows. The staff-only ones are ten
 * timestamps and the SLA's state, and each timestamp is a Date parsed and printed again, which made a
 * company's 1,000-ticket list cost twice the CPU of the SQL it needs (docs/performance.md §10d).
 */
export const clientListedTicket = {
  ...(Object.fromEntries(CORE_TICKET_FIELDS.map((field) => [field, tickets[field]])) as Pick<
    typeof ticketColumns,
    (typeof CORE_TICKET_FIELDS)[number]
  >),
  description: excerpt,
};

/** A list filter's value, unless it is unset or "all" (no filter). */
const chosen = <T>(value: T | "all" | undefined): T | undefined => (value === "all" ? undefined : value);

/** The list's filters; a value may be a placeholder, in a list built once (plainList below). */
export function ticketListWhere(
  query: {
    status?: TicketListQuery["status"] | Placeholder;
    priority?: TicketListQuery["priority"] | Placeholder;
    view?: TicketListQuery["view"];
  },
  who: ViewerValues,
  search?: TicketSearch,
): SQL | undefined {
  const status = chosen(query.status);
  const priority = chosen(query.priority);
  const filters = and(
    status ? eq(tickets.status, status) : undefined,
    priority ? eq(tickets.priority, priority) : undefined,
  );
  return and(
    query.view ? viewWhere(query.view, who) : undefined,
    // A held ticket is listed only among all tickets: no queue, filter or saved view (which is made of
    // these filters) counts it before staff accept it (docs/decisions/0027-held-intake.md).
    query.view || status || priority ? notHeld : undefined,
    search?.where,
    // A search whose words carry the filters already found only their tickets: the filters stand, written so
    // that no index serves them (the planner would AND the 35,000 tickets of a status and priority in).
    filters && search?.kind === "words" && search.byFilters ? sql`(${filters}) is true` : filters,
  );
}

/**
 * The list counts matches up to this many. An exact count of a broad search over a million tickets costs
 * hundreds of milliseconds and nobody pages through 500 pages; past the cap the list says "10,000+".
 */
export const TICKET_COUNT_CAP = 10_000;

/**
 * The staff list of the tickets in `scope`: `who` is the caller, for the "My open tickets" view and the
 * moment "Overdue" is judged at.
 */
export async function listStaffTickets(db: DbExecutor, scope: Scope, query: TicketListQuery, who: ViewerContext) {
  if (!query.q) return staffTicketResult(query, await plainList(db, scope, query, who));
  // The plan is chosen from the statistics (docs/decisions/0022-search-plans-from-statistics.md): the matches
  // a ranked page reads, newest first.
  const status = chosen(query.status);
  const priority = chosen(query.priority);
  const planning: SearchPlanning = {
    stats: await searchStats(db),
    matches: rankedReads(query),
    view: query.view !== undefined,
    filters: { status, priority },
  };
  const search = ticketSearch(query.q, undefined, planning);
  const found = await staffTicketPage(db, scope, query, who, search);
  // Words match from their start; a query that no word starts with may still be inside one ("rinter",
  // half a serial number): the substring search, as the list searched before words had an index.
  if (search.kind === "words" && found.n === 0)
    return staffTicketResult(
      query,
      await staffTicketPage(db, scope, query, who, ticketSearch(query.q, "substring", planning)),
    );
  return staffTicketResult(query, found);
}

/**
 * A search ranks its newest this many matches by relevance; any further ones follow, newest first. Ranking
 * reads every candidate's search document: all 100,000 matches of a common word cost over a second at a
 * million tickets, the newest thousand a few milliseconds (docs/decisions/0019-ticket-search.md).
 */
export const RANKED_MATCHES = 1_000;

/**
 * A search counts its matches up to this many ("1,000+"): counting ten thousand matches of a common word
 * reads ten thousand tickets, and a search that broad is narrowed, not paged through.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * How many matches, newest first, a ranked page of a search reads: those ranked, one past the count's cap
 * (the same rows count the search), and the page itself.
 */
const rankedReads = (query: TicketListQuery) =>
  Math.max(RANKED_MATCHES, SEARCH_COUNT_CAP + 1, query.page * query.pageSize);

/**
 * One page of a search of the staff list and the capped count of its matches. Words found come most
 * relevant first unless a sort is asked for (the newest RANKED_MATCHES of them; ties newest first); a
 * substring's matches newest first or in the sort asked for.
 */
async function staffTicketPage(
  db: DbExecutor,
  scope: Scope,
  query: TicketListQuery,
  who: ViewerContext,
  search: TicketSearch,
) {
  const where = and(ticketsInScope(scope), ticketListWhere(query, who, search));
  const cap = SEARCH_COUNT_CAP;
  const offset = (query.page - 1) * query.pageSize;
  const counted = () => countedUpTo(db, where, cap).then(([row]) => row?.n ?? 0);
  if (search.kind === "words" && !query.sort) {
    // The newest matches, numbered by recency and ranked; the page of them in relevance order, chosen by
    // id before the rest of each ticket is read (reading a thousand tickets twice costs more than ranking).
    // Read at least one past the count's cap, the same matches count the search: a second statement
    // finding them again cost as much as the page (docs/decisions/0020-search-plans.md).
    const found = db
      .select({
        id: tickets.id,
        createdAt: tickets.createdAt,
        recency: sql<number>`row_number() over (order by ${tickets.createdAt} desc, ${tickets.id} desc)`.as("recency"),
        rank: sql<number>`${search.rank}`.as("rank"),
      })
      .from(tickets)
      .where(where)
      .orderBy(...ticketOrder(undefined))
      .limit(rankedReads(query))
      .as("found");
    const relevance = sql<number>`case when ${found.recency} <= ${RANKED_MATCHES} then ${found.rank} end`.as(
      "relevance",
    );
    const chosen = db
      .select({
        id: found.id,
        late: sql<boolean>`${found.recency} > ${RANKED_MATCHES}`.as("late"),
        relevance,
        // Over every row found, before the page is cut from them.
        found: sql<number>`count(*) over ()`.mapWith(Number).as("found"),
      })
      .from(found)
      .orderBy(
        sql`${found.recency} > ${RANKED_MATCHES}`,
        sql`${relevance} desc nulls last`,
        desc(found.createdAt),
        desc(found.id),
      )
      .limit(query.pageSize)
      .offset(offset)
      .as("chosen");
    const rows = await db
      .select({ ...listedRow, found: chosen.found })
      .from(chosen)
      .innerJoin(tickets, eq(tickets.id, chosen.id))
      .leftJoin(clients, eq(tickets.clientId, clients.id))
      .leftJoin(users, eq(tickets.assigneeId, users.id))
      .orderBy(chosen.late, sql`${chosen.relevance} desc nulls last`, ...ticketOrder(undefined));
    // A page past the last match says nothing of how many there are: counted apart.
    const n = rows[0]?.found ?? (offset === 0 ? 0 : await counted());
    return { rows, n, cap };
  }
  const [rows, n] = await Promise.all([listedPage(db, where, query.sort, query.pageSize, offset), counted()]);
  return { rows, n, cap };
}

/** What a staff list page is read as: each ticket with its company and assignee. */
const listedRow = { ticket: listedTicket, client: { id: clients.id, name: clients.name }, assignee: assigneeColumns };

/** A page of the list's rows matching `where`, in the sort asked for (newest first without one). */
const listedPage = (
  db: DbExecutor,
  where: SQL | undefined,
  sort: TicketListQuery["sort"],
  limit: number | Placeholder,
  offset: number | Placeholder,
) =>
  db
    .select(listedRow)
    .from(tickets)
    .leftJoin(clients, eq(tickets.clientId, clients.id))
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(where)
    .orderBy(...ticketOrder(sort))
    .limit(limit)
    .offset(offset);

/**
 * The matches of `where` counted up to `cap` + 1, which means "more than the cap". The cap is written into
 * the statement rather than sent as a value: from its sixth run a prepared statement may run on a generic
 * plan, which cannot see a LIMIT that is a parameter, and PostgreSQL then chose a full scan of the tickets
 * (7 ms on 20,000) over the status index (1 ms) for a count by status (docs/performance.md §10f).
 */
const countedUpTo = (db: DbExecutor, where: SQL | undefined, cap: number) =>
  db
    .select({ n: count() })
    .from(
      sql`(select 1 from ${tickets} where ${where ?? sql`true`} limit ${sql.raw(String(Math.trunc(cap) + 1))}) as matches`,
    );

/**
 * The list without a search, the desk's most frequent read: its page and its count, built once for each
 * shape (the view, which filters, the sort) with the values as placeholders, then only run (preparedQuery).
 * Building the two statements took more CPU than PostgreSQL took to answer them (docs/performance.md §3).
 */
const plainLists = new Map<string, ReturnType<typeof plainListStatements>>();

function plainListStatements(
  shape: Pick<TicketListQuery, "view" | "sort"> & { company: boolean; status: boolean; priority: boolean },
) {
  const name = [
    "staff_list",
    shape.company && "company",
    shape.view,
    shape.status && "status",
    shape.priority && "priority",
    shape.sort,
  ]
    .filter(Boolean)
    .join("_");
  const where = and(
    // A company scope's list: its company, as a value like the others (confinedClientId).
    shape.company ? and(eq(tickets.clientId, sql.placeholder("clientId")), eq(tickets.held, false)) : undefined,
    ticketListWhere(
      {
        view: shape.view,
        status: shape.status ? sql.placeholder("status") : undefined,
        priority: shape.priority ? sql.placeholder("priority") : undefined,
      },
      { userId: sql.placeholder("userId"), now: sql.placeholder("now") },
    ),
  );
  return {
    page: preparedQuery(`${name}_page`, (db) =>
      listedPage(db, where, shape.sort, sql.placeholder("limit"), sql.placeholder("offset")),
    ),
    count: preparedQuery(`${name}_count`, (db) => countedUpTo(db, where, TICKET_COUNT_CAP)),
  };
}

async function plainList(db: DbExecutor, scope: Scope, query: TicketListQuery, who: ViewerContext) {
  const clientId = confinedClientId(scope);
  const shape = {
    company: clientId !== undefined,
    view: query.view,
    sort: query.sort,
    status: chosen(query.status) !== undefined,
    priority: chosen(query.priority) !== undefined,
  };
  const key = JSON.stringify(shape);
  let statements = plainLists.get(key);
  if (!statements) {
    statements = plainListStatements(shape);
    plainLists.set(key, statements);
  }
  const values = {
    clientId,
    status: query.status,
    priority: query.priority,
    userId: who.userId,
    now: who.now.toISOString(),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const [rows, [counted]] = await Promise.all([statements.page(db, values), statements.count(db, values)]);
  return { rows, n: counted?.n ?? 0, cap: TICKET_COUNT_CAP };
}

function staffTicketResult(query: TicketListQuery, { rows, n, cap }: Awaited<ReturnType<typeof staffTicketPage>>) {
  return {
    tickets: rows.map((r) => toStaffTicket(r.ticket, { client: r.client, assignee: r.assignee })),
    total: Math.min(n, cap),
    /** true when there are more matches than `total` says. */
    totalCapped: n > cap,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const byTicket = sql.placeholder("ticketId");

/** The staff ticket page's own reads, built once (see preparedQuery): the page is the desk's busiest read. */
const staffTicketSelect = (db: DbExecutor) =>
  db
    .select({ ticket: tickets, client: { id: clients.id, name: clients.name }, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(clients, eq(tickets.clientId, clients.id))
    .leftJoin(users, eq(tickets.assigneeId, users.id));
const staffTicketRow = preparedQuery("staff_ticket", (db) => staffTicketSelect(db).where(eq(tickets.id, byTicket)));
/** The same for a company scope (confinedClientId): its company is in the WHERE clause. */
const staffTicketRowInCompany = preparedQuery("staff_ticket_in_company", (db) =>
  staffTicketSelect(db).where(
    and(eq(tickets.id, byTicket), eq(tickets.clientId, sql.placeholder("clientId")), eq(tickets.held, false)),
  ),
);
const staffTicketComments = preparedQuery("staff_ticket_comments", (db) =>
  db
    .select({ comment: ticketComments, mailId: inboundMails.id })
    .from(ticketComments)
    .leftJoin(inboundMails, eq(inboundMails.commentId, ticketComments.id))
    .where(eq(ticketComments.ticketId, byTicket))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
);
const openingMail = preparedQuery("staff_ticket_opening_mail", (db) =>
  db
    .select({ id: inboundMails.id })
    .from(inboundMails)
    .where(and(eq(inboundMails.ticketId, byTicket), eq(inboundMails.outcome, "ticket"))),
);
const mergedInto = preparedQuery("staff_ticket_merged", (db) =>
  db
    .select({ id: tickets.id, title: tickets.title })
    .from(tickets)
    .where(eq(tickets.mergedIntoId, byTicket))
    .orderBy(asc(tickets.createdAt), asc(tickets.id)),
);

/** A ticket in `scope` as the staff page shows it; any other id is not found. */
export async function getStaffTicket(db: DbExecutor, scope: Scope, id: string): Promise<StaffTicket> {
  if (!isUuid(id)) throw ticketNotFound();
  const values = { ticketId: id };
  const clientId = confinedClientId(scope);
  // Six reads, none needing another's answer: sent together on one connection, they cost one wait on the
  // database and one socket write, not six (onOneConnection). The ticket's own row carries the scope:
  // without it the other five are not returned.
  const [[row], rows, [opening], attachments, device, mergedFrom] = await onOneConnection(db, (one) =>
    Promise.all([
      clientId ? staffTicketRowInCompany(one, { ...values, clientId }) : staffTicketRow(one, values),
      staffTicketComments(one, values),
      openingMail(one, values),
      ticketAttachments(one, id, { forClient: false }),
      ticketDeviceOf(one, id),
      mergedInto(one, values),
    ]),
  );
  if (!row) throw ticketNotFound();
  return toStaffTicket(row.ticket, {
    client: row.client,
    assignee: row.assignee,
    comments: rows.map((r) => Object.assign(r.comment, { mailId: r.mailId })),
    mailId: opening?.id ?? null,
    attachments,
    device,
    mergedFrom,
  });
}

/** The tickets in `scope` (a client's: its company's), newest first, without comments. */
export async function listClientTickets(db: DbExecutor, scope: Scope): Promise<ClientTicket[]> {
  const rows = await db
    .select({ ticket: clientListedTicket, assignee: assigneeColumns })
    .from(tickets)
    .leftJoin(users, eq(tickets.assigneeId, users.id))
    .where(ticketsInScope(scope))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  return rows.map((r) => toClientTicket(r.ticket, { assignee: r.assignee }));
}

/** One ticket in `scope` (a client's: its company's) with its public comments; any other id is not found. */
export async function getClientTicket(db: DbExecutor, scope: Scope, id: string): Promise<ClientTicket> {
  if (!isUuid(id)) throw ticketNotFound();
  // All on one connection (onOneConnection): the ticket's row, which carries the scope, and then the five
  // reads that need it, sent together: one wait and one socket write for those five rather than five.
  return onOneConnection(db, async (one) => {
    const [row] = await one
      .select({ ticket: tickets, assignee: assigneeColumns })
      .from(tickets)
      .leftJoin(users, eq(tickets.assigneeId, users.id))
      .where(and(eq(tickets.id, id), ticketsInScope(scope)));
    if (!row) throw ticketNotFound();
    const [comments, attachments, timeline, expected, device] = await Promise.all([
      one
        .select()
        .from(ticketComments)
        .where(and(eq(ticketComments.ticketId, id), eq(ticketComments.internal, false)))
        .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
      ticketAttachments(one, id, { forClient: true }),
      statusTimeline(one, row.ticket),
      expectations(one, row.ticket),
      ticketDeviceOf(one, row.ticket.id),
    ]);
    return toClientTicket(row.ticket, {
      assignee: row.assignee,
      comments,
      attachments,
      timeline,
      expectations: expected,
      device,
    });
  });
}
