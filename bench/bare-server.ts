// bench:api's second yardstick (issue 45): a bare Hono + postgres.js (or PGlite) server doing only the SQL each
// answer needs, written by hand per call, as someone would write it without our layers. Unlike the replay
// server (bench/raw-server.ts), which runs the statements ours runs, this one chooses its own: one session
// lookup joined to its user on every request (no cache), one statement per part of an answer, and for a
// write the same rows ours writes (the ticket, its audit row, the requester's mail in the outbox; a comment,
// the ticket's update and its audit row). Its JSON answers are byte-identical to ours for the same request
// (bench:api checks that before measuring), so both sides serialize the same payload.
//   node --import tsx bench/bare-server.ts   (DATABASE_URL or PGLITE_DIR, and PORT, from the environment;
//   bench:api starts it)
// What it leaves out: the SLA due times are the policy's minutes on the wall clock (ours counts business
// hours on the calendar); the requester's mail is a short text of the same kind, written as sent so that our
// server's mail worker, which shares the database, does not deliver it.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { openDriver, type Query, type Row } from "./bench-driver.js";

const fromApi = createRequire(resolve("packages/api/package.json"));
const { Hono } = fromApi("hono") as typeof import("hono");
const { serve } = fromApi("@hono/node-server") as typeof import("@hono/node-server");

const { sql, fragment, begin, end } = await openDriver();
const app = new Hono();

/** The plan a company follows when it chose none (DEFAULT_SLA_PLAN_ID in @repo/db). */
const DEFAULT_PLAN = "00000000-0000-7000-8000-000000000001";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[a-z2-7]{32}$/;
const WORDS = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;

/** A time-ordered id (RFC 9562 version 7), as ours gives its rows, so inserts land at the index's end. */
function uuidv7(): string {
  const bytes = randomBytes(16);
  const ms = Date.now();
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface User {
  id: string;
  name: string;
  email: string;
  role: string;
  clientId: string | null;
}

/** The token of `Authorization: Bearer`, else of the session cookie. */
function tokenOf(authorization: string | undefined, cookie: string | undefined): string | null {
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim();
  const match = cookie ? /(?:^|;\s*)session=([^;]*)/.exec(cookie) : null;
  return match?.[1] ?? null;
}

/** Every request: the session by its token's hash, joined to its user. "Last used" is kept to 5 minutes. */
async function authenticate(c: { req: { header(name: string): string | undefined } }): Promise<User | null> {
  const token = tokenOf(c.req.header("authorization"), c.req.header("cookie"));
  if (!token || !TOKEN.test(token)) return null;
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await sql`
    select s.expires_at, s.last_used_at, u.id, u.name, u.email, u.role, u.client_id, u.active
    from sessions s inner join users u on u.id = s.user_id where s.id = ${hash}`;
  if (!row?.active || row.expires_at.getTime() <= Date.now()) return null;
  if (Date.now() - row.last_used_at.getTime() >= 300_000)
    await sql`update sessions set last_used_at = now() where id = ${hash}`;
  return { id: row.id, name: row.name, email: row.email, role: row.role, clientId: row.client_id };
}

/** auth.me's payload, in its order. */
const me = (user: User) => ({
  name: user.name,
  email: user.email,
  role: user.role,
  id: user.id,
  clientId: user.clientId,
});

const unauthorized = { error: { code: "UNAUTHORIZED", message: "Not signed in" } };

// A ticket's columns both views show, and the staff view's own; the list's description is an excerpt.
const CORE = fragment`t.id, t.title, t.type, t.priority, t.status, t.requester_name, t.requester_email, t.client_id,
  t.tags, t.created_at, t.updated_at, t.merged_into_id, t.version`;
const STAFF = fragment`t.assignee_id, t.source, t.first_response_at, t.resolved_at, t.closed_at, t.response_due_at,
  t.resolution_due_at, t.sla_state, t.held, t.held_reason`;
const EXCERPT = fragment`case when length(t.description) > 300 then left(t.description, 299) || '…'
  else t.description end as description`;

/** The fields both views share, in their order. */
function core(r: Row) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    type: r.type,
    priority: r.priority,
    status: r.status,
    requesterName: r.requester_name,
    requesterEmail: r.requester_email,
    clientId: r.client_id,
    tags: r.tags,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    mergedIntoId: r.merged_into_id,
    version: r.version,
  };
}

/** A staff ticket from a row with the ticket's columns and its company's (c_id, c_name) and assignee's (a_*). */
function staffTicket(r: Row) {
  const ticket: Row = core(r);
  ticket.assigneeId = r.assignee_id;
  ticket.assignee = r.a_id ? { id: r.a_id, name: r.a_name, email: r.a_email } : null;
  ticket.client = r.c_id ? { id: r.c_id, name: r.c_name } : null;
  ticket.source = r.source;
  ticket.firstResponseAt = r.first_response_at;
  ticket.resolvedAt = r.resolved_at;
  ticket.closedAt = r.closed_at;
  ticket.responseDueAt = r.response_due_at;
  ticket.resolutionDueAt = r.resolution_due_at;
  ticket.slaState = r.sla_state;
  ticket.slaPaused = r.status === "WAITING_CUSTOMER" || r.status === "ON_HOLD" || r.held;
  ticket.held = r.held;
  ticket.heldReason = r.held_reason;
  return ticket;
}

const comment = (r: Row) => ({
  id: r.id,
  ticketId: r.ticket_id,
  authorId: r.author_id,
  authorName: r.author_name,
  source: r.source,
  content: r.content,
  internal: r.internal,
  mailId: r.mail_id ?? null,
  createdAt: r.created_at,
});

const and = (parts: unknown[]) =>
  parts.reduce((acc, p, i) => (i === 0 ? fragment`where ${p}` : fragment`${acc} and ${p}`), fragment``);

/**
 * The staff list's first pages: newest first with its count up to 10,001; a search of words ranks the newest
 * 1,000 matches by relevance (and counts to 1,001), falling back to the substring when no word matches.
 */
async function staffList(query: { status?: string; priority?: string; q?: string; page?: string; pageSize?: string }) {
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(query.pageSize ?? 20) || 20));
  const offset = (page - 1) * pageSize;
  const status = query.status && query.status !== "all" ? query.status : undefined;
  const priority = query.priority && query.priority !== "all" ? query.priority : undefined;
  const filters: unknown[] = [];
  if (status) filters.push(fragment`t.status = ${status}`);
  if (priority) filters.push(fragment`t.priority = ${priority}`);
  if (status || priority) filters.push(fragment`t.held = false`);
  const q = query.q?.trim();
  if (q && WORDS.test(q)) {
    const words = `${q.match(/[\p{L}\p{N}]+/gu)!.join(" & ")}:*`;
    const reads = Math.max(1001, page * pageSize);
    const rows = await sql`
      with found as (
        select t.id, t.created_at, row_number() over (order by t.created_at desc, t.id desc) as recency,
               ts_rank(t.search_vector, to_tsquery('simple', ${words})) as rank
        from tickets t ${and([fragment`t.search_vector @@ to_tsquery('simple', ${words})`, ...filters])}
        order by t.created_at desc, t.id desc limit ${reads}),
      chosen as (
        select id, recency > 1000 as late, case when recency <= 1000 then rank end as relevance,
               count(*) over () as found
        from found order by recency > 1000, relevance desc nulls last, created_at desc, id desc
        limit ${pageSize} offset ${offset})
      select ${CORE}, ${EXCERPT}, ${STAFF}, c.id as c_id, c.name as c_name, a.id as a_id, a.name as a_name,
             a.email as a_email, chosen.found::int as found
      from chosen inner join tickets t on t.id = chosen.id left join clients c on c.id = t.client_id
        left join users a on a.id = t.assignee_id
      order by chosen.late, chosen.relevance desc nulls last, t.created_at desc, t.id desc`;
    if (rows.length > 0) return listResult(rows, rows[0]!.found, 1000, page, pageSize);
    if (offset > 0) {
      const [counted] = await sql`select count(*)::int as n from (select 1 from tickets t
        ${and([fragment`t.search_vector @@ to_tsquery('simple', ${words})`, ...filters])} limit 1001) m`;
      if (counted!.n > 0) return listResult([], counted!.n, 1000, page, pageSize);
    }
  }
  const cap = q ? 1000 : 10_000;
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.unshift(
      fragment`(t.title || ' ' || t.description || ' ' || t.requester_name || ' ' || t.requester_email) ilike ${pattern}`,
    );
  }
  const where = and(filters);
  const [rows, [counted]] = await Promise.all([
    sql`select ${CORE}, ${EXCERPT}, ${STAFF}, c.id as c_id, c.name as c_name, a.id as a_id, a.name as a_name,
          a.email as a_email
        from tickets t left join clients c on c.id = t.client_id left join users a on a.id = t.assignee_id
        ${where} order by t.created_at desc, t.id desc limit ${pageSize} offset ${offset}`,
    sql`select count(*)::int as n from (select 1 from tickets t ${where} limit ${cap + 1}) m`,
  ]);
  return listResult(rows, counted!.n, cap, page, pageSize);
}

function listResult(rows: Row[], n: number, cap: number, page: number, pageSize: number) {
  return { tickets: rows.map(staffTicket), total: Math.min(n, cap), totalCapped: n > cap, page, pageSize };
}

/** A ticket as the staff page shows it: six reads sent together. */
async function staffTicketPage(id: string) {
  if (!UUID.test(id)) return null;
  const [[row], comments, [mail], attachments, [device], merged] = await Promise.all([
    sql`select ${CORE}, t.description, ${STAFF}, c.id as c_id, c.name as c_name, a.id as a_id, a.name as a_name,
          a.email as a_email
        from tickets t left join clients c on c.id = t.client_id left join users a on a.id = t.assignee_id
        where t.id = ${id}`,
    sql`select tc.id, tc.ticket_id, tc.author_id, tc.author_name, tc.source, tc.content, tc.internal, im.id as mail_id,
          tc.created_at
        from ticket_comments tc left join inbound_mails im on im.comment_id = tc.id
        where tc.ticket_id = ${id} order by tc.created_at, tc.id`,
    sql`select id from inbound_mails where ticket_id = ${id} and outcome = 'ticket'`,
    sql`select id, filename, content_type as "contentType", size::int as size, comment_id as "commentId", inline
        from attachments where ticket_id = ${id} order by created_at, id`,
    sql`select d.id, coalesce(nullif(d.model, ''), initcap(d.device_type::text), 'Device') || ' · ' || d.serial_number
          as label, d.assigned_user as "assignedUser"
        from ticket_devices td inner join devices d on d.id = td.device_id where td.ticket_id = ${id}`,
    sql`select id, title from tickets where merged_into_id = ${id} order by created_at, id`,
  ]);
  if (!row) return null;
  const ticket = staffTicket(row);
  ticket.comments = comments.map(comment);
  ticket.mailId = mail?.id ?? null;
  ticket.attachments = attachments;
  ticket.device = device ?? null;
  ticket.mergedFrom = merged;
  return ticket;
}

const staffOnly = (user: User) => user.role !== "CLIENT";
const forbidden = { error: { code: "FORBIDDEN", message: "Forbidden" } };

app.get("/healthz", (c) => c.json({ status: "ok" }));

app.get("/api/auth/me", async (c) => {
  const user = await authenticate(c);
  return user ? c.json(me(user)) : c.json(unauthorized, 401);
});
app.get("/trpc/auth.me", async (c) => {
  const user = await authenticate(c);
  return user ? c.json({ result: { data: me(user) } }) : c.json(unauthorized, 401);
});
// The batch bench:api sends: auth.me and the staff list's first page, one session lookup for both.
app.get("/trpc/auth.me,tickets.list", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  const input = JSON.parse(c.req.query("input") ?? "{}")["1"] ?? {};
  return c.json([{ result: { data: me(user) } }, { result: { data: await staffList(input) } }]);
});
app.get("/api/tickets", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  if (!staffOnly(user)) return c.json(forbidden, 403);
  return c.json(await staffList(c.req.query()));
});
app.get("/api/client/tickets", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  if (!user.clientId) return c.json(forbidden, 403);
  const rows = await sql`
    select ${CORE}, ${EXCERPT}, a.name as a_name, a.email as a_email
    from tickets t left join users a on a.id = t.assignee_id
    where t.client_id = ${user.clientId} and t.held = false order by t.created_at desc, t.id desc`;
  return c.json(
    rows.map((r) => {
      const ticket: Row = core(r);
      ticket.assignee = r.a_name ? { name: r.a_name, email: r.a_email } : null;
      return ticket;
    }),
  );
});
app.get("/api/tickets/:id", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  if (!staffOnly(user)) return c.json(forbidden, 403);
  const ticket = await staffTicketPage(c.req.param("id"));
  return ticket ? c.json(ticket) : c.json({ error: { code: "NOT_FOUND", message: "Ticket not found" } }, 404);
});

const invalid = (message: string) => ({ error: { code: "BAD_REQUEST", message } });
const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim().length > 0 && value.length <= max;

/** A staff member's new ticket: the company and its plan's targets read, then the ticket, audit row and mail. */
app.post("/api/tickets", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  if (!staffOnly(user)) return c.json(forbidden, 403);
  const body = await c.req.json().catch(() => null);
  if (
    !body ||
    !text(body.title, 200) ||
    !text(body.description, 20_000) ||
    !["INCIDENT", "REQUEST", "TASK"].includes(body.type) ||
    !["P1", "P2", "P3", "P4"].includes(body.priority) ||
    !text(body.requesterName, 200) ||
    !text(body.requesterEmail, 320) ||
    typeof body.clientId !== "string"
  )
    return c.json(invalid("Invalid ticket"), 400);
  if (!UUID.test(body.clientId)) return c.json(invalid("Please select a valid client"), 400);
  const [client] = await sql`
    select c.name, p.first_response_minutes, p.resolution_minutes from clients c
    left join sla_policies p on p.plan_id = coalesce(c.sla_plan_id, ${DEFAULT_PLAN}::uuid) and p.priority = ${body.priority}
    where c.id = ${body.clientId}`;
  if (!client) return c.json(invalid("Please select a valid client"), 400);
  const id = uuidv7();
  const now = new Date();
  const due = (minutes: number | null) => (minutes === null ? null : new Date(now.getTime() + minutes * 60_000));
  const row = {
    id,
    title: body.title,
    description: body.description,
    type: body.type,
    priority: body.priority,
    status: "NEW",
    requester_name: body.requesterName,
    requester_email: body.requesterEmail,
    client_id: body.clientId,
    tags: [] as string[],
    created_at: now,
    updated_at: now,
    merged_into_id: null,
    version: 1,
    assignee_id: null,
    source: "staff",
    first_response_at: null,
    resolved_at: null,
    closed_at: null,
    response_due_at: due(client.first_response_minutes),
    resolution_due_at: due(client.resolution_minutes),
    sla_state: "ok",
    held: false,
    held_reason: null,
    c_id: body.clientId,
    c_name: client.name,
  };
  const reference = id.slice(-8);
  const mail = `Hello ${body.requesterName},\n\nWe have received your support ticket #${reference}: "${body.title}".\n`;
  await begin(async (tx: Query) => {
    await tx`insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
        client_id, tags, source, created_at, updated_at, response_due_at, resolution_due_at, sla_state, held, reply_token)
      values (${id}, ${row.title}, ${row.description}, ${row.type}, ${row.priority}, 'NEW', ${row.requester_name},
        ${row.requester_email}, ${row.client_id}, '{}', 'staff', ${now}, ${now}, ${row.response_due_at},
        ${row.resolution_due_at}, 'ok', false, ${randomBytes(16).toString("hex")})`;
    await tx`insert into audit_logs (id, ticket_id, actor_id, actor_name, action, changes, created_at)
      values (${uuidv7()}, ${id}, ${user.id}, ${user.name}, 'ticket.created',
        ${JSON.stringify({ status: { from: null, to: "NEW" }, priority: { from: null, to: body.priority } })}::text::jsonb, ${now})`;
    await tx`insert into outbox (id, kind, "to", subject, text, html, headers, ticket_id, status, sent_at)
      values (${uuidv7()}, 'ticket.received', ${row.requester_email}, ${`[#${reference}] ${body.title}`}, ${mail},
        ${`<p>${mail}</p>`}, '{}', ${id}, 'sent', now())`;
  });
  await sql`select pg_notify('bare_events', ${JSON.stringify({ type: "ticket.created", ticketId: id, clientId: row.client_id })})`;
  const ticket = staffTicket(row);
  ticket.comments = [];
  ticket.mailId = null;
  ticket.attachments = [];
  ticket.device = null;
  ticket.mergedFrom = [];
  return c.json(ticket);
});

/** A staff comment: the ticket locked, the comment, the ticket's update (a public reply is its first response), audit. */
app.post("/api/tickets/:id/comments", async (c) => {
  const user = await authenticate(c);
  if (!user) return c.json(unauthorized, 401);
  if (!staffOnly(user)) return c.json(forbidden, 403);
  const body = await c.req.json().catch(() => null);
  if (!body || !text(body.content, 20_000)) return c.json(invalid("Invalid comment"), 400);
  const ticketId = c.req.param("id");
  if (!UUID.test(ticketId)) return c.json({ error: { code: "NOT_FOUND", message: "Ticket not found" } }, 404);
  const internal = body.internal === true;
  const now = new Date();
  const row = {
    id: uuidv7(),
    ticket_id: ticketId,
    author_id: user.id,
    author_name: user.name,
    source: "staff",
    content: body.content,
    internal,
    created_at: now,
  };
  const written = await begin(async (tx: Query) => {
    const [ticket] = await tx`select client_id, requester_email, title from tickets where id = ${ticketId} for update`;
    if (!ticket) return null;
    await tx`insert into ticket_comments (id, ticket_id, author_id, author_name, content, internal, source, created_at)
      values (${row.id}, ${ticketId}, ${user.id}, ${user.name}, ${row.content}, ${internal}, 'staff', ${now})`;
    if (internal) await tx`update tickets set updated_at = ${now}, version = version + 1 where id = ${ticketId}`;
    else {
      await tx`update tickets set updated_at = ${now}, first_response_at = coalesce(first_response_at, ${now}),
        version = version + 1 where id = ${ticketId}`;
      await tx`insert into outbox (id, kind, "to", subject, text, html, headers, ticket_id, status, sent_at)
        values (${uuidv7()}, 'comment.created', ${ticket.requester_email}, ${`[#${ticketId.slice(-8)}] ${ticket.title}`},
          ${row.content}, ${`<p>${row.content}</p>`}, '{}', ${ticketId}, 'sent', now())`;
    }
    await tx`insert into audit_logs (id, ticket_id, actor_id, actor_name, action, changes, created_at)
      values (${uuidv7()}, ${ticketId}, ${user.id}, ${user.name}, ${internal ? "note.created" : "comment.created"}, null, ${now})`;
    return ticket;
  });
  if (!written) return c.json({ error: { code: "NOT_FOUND", message: "Ticket not found" } }, 404);
  await sql`select pg_notify('bare_events', ${JSON.stringify({ type: "comment.created", ticketId, clientId: written.client_id, internal })})`;
  return c.json(comment(row));
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) =>
  console.log(`bare server on ${info.port}`),
);
process.on("SIGTERM", () => {
  server.close();
  void end().then(() => process.exit(0));
});
