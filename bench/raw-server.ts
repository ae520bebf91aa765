// The yardstick for bench:api: a bare Hono + postgres.js (or PGlite) server that runs the statements our server runs
// for each benchmarked call (as PostgreSQL logs them), written by hand, with nothing above the SQL but
// the session check: the token's SHA-256 looked up joined to its user, as every call of ours does.
//   node --import tsx bench/raw-server.ts   (DATABASE_URL or PGLITE_DIR, and PORT, from the environment;
//   bench:api starts it)
import { createHash, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { openDriver, type Query } from "./bench-driver.js";

// Hono is a dependency of the API package, not of the workspace root: load it from there.
const fromApi = createRequire(resolve("packages/api/package.json"));
const { Hono } = fromApi("hono") as typeof import("hono");
const { serve } = fromApi("@hono/node-server") as typeof import("@hono/node-server");

const { sql, fragment, begin, end } = await openDriver();
const app = new Hono();

interface User {
  id: string;
  name: string;
  email: string;
  role: string;
  clientId: string | null;
}

async function authenticate(header: string | undefined): Promise<User | null> {
  const token = header?.startsWith("Bearer ") ? header.slice(7) : null;
  if (!token) return null;
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await sql`
    select s.id, s.user_id, s.expires_at, s.last_used_at, u.id as uid, u.name, u.email, u.role, u.client_id, u.active
    from sessions s inner join users u on s.user_id = u.id where s.id = ${hash}`;
  if (!row?.active || row.expires_at <= new Date()) return null;
  return { id: row.uid, name: row.name, email: row.email, role: row.role, clientId: row.client_id };
}

const LIST_COLUMNS = fragment`t.id, t.title, case when length(t.description) > 300 then left(t.description, 299) || '…'
  else t.description end as description, t.type, t.priority, t.status, t.requester_name, t.requester_email, t.client_id,
  t.assignee_id, t.tags, t.source, t.created_at, t.updated_at, t.first_response_at, t.resolved_at, t.closed_at,
  t.response_due_at, t.resolution_due_at, t.paused_ms, t.paused_at, t.reopened_at, t.sla_state, t.merged_into_id`;

async function staffList(query: { status?: string; q?: string }) {
  const parts: unknown[] = [];
  if (query.q)
    parts.push(
      fragment`(t.title || ' ' || t.description || ' ' || t.requester_name || ' ' || t.requester_email) ilike ${`%${query.q}%`}`,
    );
  // As ours: a status filter leaves out held tickets (they have a list of their own).
  if (query.status) parts.push(fragment`t.status = ${query.status}`, fragment`t.held = false`);
  const where = parts.reduce((acc, p, i) => (i === 0 ? fragment`where ${p}` : fragment`${acc} and ${p}`), fragment``);
  const [rows, [count]] = await Promise.all([
    sql`select ${LIST_COLUMNS}, c.id as c_id, c.name as c_name, u.id as u_id, u.name as u_name, u.email as u_email
        from tickets t left join clients c on t.client_id = c.id left join users u on t.assignee_id = u.id
        ${where} order by t.created_at desc, t.id desc limit 20`,
    sql`select count(*)::int as n from (select 1 from tickets t ${where} limit 10001) matches`,
  ]);
  return { items: rows, total: count!.n, page: 1, pageSize: 20 };
}

async function ticketWithComments(id: string) {
  const [[ticket], comments, mails, attachments, devices, merged] = await Promise.all([
    sql`select t.*, c.id as c_id, c.name as c_name, u.id as u_id, u.name as u_name, u.email as u_email
        from tickets t left join clients c on t.client_id = c.id left join users u on t.assignee_id = u.id where t.id = ${id}`,
    sql`select tc.*, im.id as mail_id from ticket_comments tc left join inbound_mails im on im.comment_id = tc.id
        where tc.ticket_id = ${id} order by tc.created_at asc, tc.id asc`,
    sql`select id from inbound_mails where ticket_id = ${id} and outcome = 'ticket'`,
    sql`select a.id, a.filename, a.content_type, a.size, a.comment_id, a.inline, tc.internal from attachments a
        left join ticket_comments tc on a.comment_id = tc.id where a.ticket_id = ${id} order by a.created_at, a.id`,
    sql`select d.id, coalesce(nullif(d.model, ''), initcap(d.device_type::text), 'Device') || ' · ' || d.serial_number as label,
        d.assigned_user from ticket_devices td inner join devices d on d.id = td.device_id where td.ticket_id = ${id}`,
    sql`select id, title from tickets where merged_into_id = ${id} order by created_at asc, id asc`,
  ]);
  return ticket ? { ...ticket, comments, inboundMailIds: mails, attachments, devices, mergedTickets: merged } : null;
}

// The floor under every call: a bare Hono answer, no middleware.
app.get("/healthz", (c) => c.json({ status: "ok" }));

app.get("/api/auth/me", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  return user ? c.json(user) : c.json({ error: "Unauthorized" }, 401);
});
app.get("/trpc/auth.me", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  return user ? c.json({ result: { data: user } }) : c.json({ error: "Unauthorized" }, 401);
});
// The batch bench:api sends: auth.me and the staff list's first page.
app.get("/trpc/auth.me,tickets.list", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user) return c.json({ error: "Unauthorized" }, 401);
  return c.json([{ result: { data: user } }, { result: { data: await staffList({}) } }]);
});
app.get("/api/tickets", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user) return c.json({ error: "Unauthorized" }, 401);
  return c.json(await staffList({ status: c.req.query("status"), q: c.req.query("q") }));
});
app.get("/api/client/tickets", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user?.clientId) return c.json({ error: "Unauthorized" }, 401);
  return c.json(
    await sql`select ${LIST_COLUMNS}, u.id as u_id, u.name as u_name from tickets t
      left join users u on t.assignee_id = u.id where t.client_id = ${user.clientId} order by t.created_at desc, t.id desc`,
  );
});
app.get("/api/tickets/:id", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user) return c.json({ error: "Unauthorized" }, 401);
  const ticket = await ticketWithComments(c.req.param("id"));
  return ticket ? c.json(ticket) : c.json({ error: "Not found" }, 404);
});

/** What a write does besides its own row: the SLA policy and calendar read, an audit line, a live event. */
const slaInputs = (tx: Query) =>
  Promise.all([
    tx`select priority, first_response_minutes, resolution_minutes, business_hours, updated_at from sla_policies`,
    tx`select * from sla_calendar where id = 1`,
  ]);

app.post("/api/tickets", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user) return c.json({ error: "Unauthorized" }, 401);
  const body = await c.req.json().catch(() => null);
  if (!body) return c.json({ error: "The request body is not valid JSON" }, 400);
  const id = randomUUID();
  const [client] = await sql`select id from clients where id = ${body.clientId}`;
  if (!client) return c.json({ error: "Please select a client" }, 400);
  await begin(async (tx) => {
    await slaInputs(tx);
    await tx`insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
      client_id, tags, source, created_at, updated_at, response_due_at, resolution_due_at, sla_state)
      values (${id}, ${body.title}, ${body.description}, ${body.type}, ${body.priority}, 'NEW', ${body.requesterName},
      ${body.requesterEmail}, ${body.clientId}, '{}', 'staff', now(), now(), now() + interval '4 hours',
      now() + interval '3 days', 'ok')`;
    await tx`insert into audit_logs (id, ticket_id, actor_id, actor_name, action, changes, created_at)
      values (${randomUUID()}, ${id}, ${user.id}, ${user.name}, 'created', '{}', now())`;
    await tx`select id from users where lower(email) = ${body.requesterEmail.toLowerCase()} and role = 'CLIENT'
      and client_id = ${body.clientId} and active = true limit 1`;
    // Written as sent: our server's mail worker shares the database and must not deliver the yardstick's mails.
    await tx`insert into outbox (id, kind, "to", subject, text, html, headers, ticket_id, attachment_ids, status)
      values (${randomUUID()}, 'ticket.created', ${body.requesterEmail}, ${`[#${id.slice(0, 8)}] ${body.title}`},
      ${body.description}, ${`<p>${body.description}</p>`}, '{}', ${id}, '{}', 'sent')`;
  });
  await sql`select pg_notify('bench_events', ${JSON.stringify({ type: "ticket.created", ticketId: id })})`;
  return c.json(await ticketWithComments(id));
});

app.post("/api/tickets/:id/comments", async (c) => {
  const user = await authenticate(c.req.header("authorization"));
  if (!user) return c.json({ error: "Unauthorized" }, 401);
  const body = await c.req.json().catch(() => null);
  if (!body) return c.json({ error: "The request body is not valid JSON" }, 400);
  const ticketId = c.req.param("id");
  const comment = await begin(async (tx) => {
    const [ticket] = await tx`select * from tickets where id = ${ticketId} for update`;
    if (!ticket) return null;
    const [row] =
      await tx`insert into ticket_comments (id, ticket_id, author_id, author_name, content, internal, source, created_at)
      values (${randomUUID()}, ${ticketId}, ${user.id}, ${user.name}, ${body.content}, ${body.internal ?? false}, 'staff', now())
      returning *`;
    await slaInputs(tx);
    await tx`update tickets set status = ${ticket.status}, updated_at = now(), first_response_at = coalesce(first_response_at, now())
      where id = ${ticketId} returning *`;
    await tx`insert into audit_logs (id, ticket_id, actor_id, actor_name, action, changes, created_at)
      values (${randomUUID()}, ${ticketId}, ${user.id}, ${user.name}, 'commented', '{}', now())`;
    return row;
  });
  if (!comment) return c.json({ error: "Not found" }, 404);
  await sql`select pg_notify('bench_events', ${JSON.stringify({ type: "comment.created", ticketId, internal: true })})`;
  return c.json(comment);
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) =>
  console.log(`raw server on ${info.port}`),
);
process.on("SIGTERM", () => {
  server.close();
  void end().then(() => process.exit(0));
});
