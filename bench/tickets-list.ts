// Ticket list benchmark: the staff list procedure (tickets.list through createCaller: authorization,
// zod input and output, drizzle, serialization) against the same two SQL statements run raw through
// postgres.js, on 1,000,000 tickets in a fresh PostgreSQL database. Prints p50/p95 per filter and the
// procedure/raw ratio, which is the price of the layers above SQL.
//   pnpm bench:tickets                       (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   DATABASE_URL=postgres://... pnpm bench:tickets
//   BENCH_TICKETS=200000 BENCH_RUNS=30 KEEP_DB=1 ...   (smaller, fewer runs, keep the database)
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabase, eq, seedDemo, users } from "@repo/db";
import type { TicketListQuery } from "@repo/validators";
import { testConfig } from "../packages/api/src/config.js";
import { createLocalBus } from "../packages/api/src/events.js";
import { createCaller } from "../packages/api/src/root.js";
import type { Context } from "../packages/api/src/trpc.js";
import { TICKET_COUNT_CAP } from "../packages/api/src/tickets/queries.js";

// postgres.js is a dependency of @repo/db, not of the workspace root: load it from there.
const postgres = createRequire(resolve("packages/db/package.json"))("postgres") as typeof import("postgres").default;

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;

const dbName = `nw_bench_${Date.now().toString(36)}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${dbName}"`);
const url = new URL(SERVER_URL);
url.pathname = `/${dbName}`;
console.log(`database ${dbName} on ${url.host}`);

const handle = await createDatabase({ url: url.toString(), maxConnections: 10 });
await seedDemo(handle.db);
const raw = postgres(url.toString(), { max: 10, onnotice: () => {} });

// ---- Seed: generate_series in one statement, with the secondary indexes built afterwards ----
let t0 = performance.now();
const indexes = await raw<{ indexname: string; indexdef: string }[]>`
  select indexname, indexdef from pg_indexes where tablename = 'tickets' and indexname <> 'tickets_pkey'`;
for (const i of indexes) await raw.unsafe(`drop index "${i.indexname}"`);
const [acme, birch] = await raw<{ id: string }[]>`select id from clients order by name`;
const [agent] = await raw<{ id: string }[]>`select id from users where email = 'agent@northwind.test'`;
await raw`
  insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
                       client_id, assignee_id, tags, source, created_at, updated_at, resolution_due_at)
  select gen_random_uuid(),
         (array['Printer','Laptop','Email','VPN','Server','Wi-Fi','Backup','Phone','Scanner','Monitor'])[1 + i % 10]
           || ' ' || (array['jams','is offline','is slow','crashes','needs setup','not syncing','expired','is broken'])[1 + (i / 10) % 8]
           || ' at site ' || (i % 997),
         'Reported from workstation ' || md5(i::text) || '. Users are affected since the morning.',
         (array['INCIDENT','REQUEST','TASK'])[1 + i % 3]::ticket_type,
         (array['P1','P2','P3','P4'])[1 + (i / 7) % 4]::ticket_priority,
         (array['NEW','TRIAGED','IN_PROGRESS','WAITING_CUSTOMER','ON_HOLD','RESOLVED','CLOSED'])[1 + (i / 3) % 7]::ticket_status,
         'Requester ' || (i % 5000),
         'user' || (i % 5000) || '@example.test',
         case when i % 2 = 0 then ${acme!.id}::uuid else ${birch!.id}::uuid end,
         case when i % 4 = 0 then ${agent!.id}::uuid end,
         '{}',
         'client',
         now() - make_interval(secs => i * 60),
         now() - make_interval(secs => i * 60),
         now() - make_interval(secs => i * 60) + interval '3 days'
  from generate_series(1, ${TICKETS}::int) as i`;
const inserted = performance.now() - t0;
t0 = performance.now();
for (const i of indexes) await raw.unsafe(i.indexdef);
// A steady-state table, as autovacuum leaves it: statistics, and a visibility map for index-only counts.
await raw`vacuum (analyze) tickets`;
console.log(
  `seeded ${TICKETS.toLocaleString("en-US")} tickets in ${(inserted / 1000).toFixed(1)} s, ` +
    `rebuilt ${indexes.length} indexes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ---- The two sides ----
const [staff] = await handle.db.select().from(users).where(eq(users.email, "admin@northwind.test"));
const ctx: Context = {
  database: handle,
  db: handle.db,
  bus: createLocalBus(),
  config: testConfig(),
  headers: new Headers(),
  ip: "127.0.0.1",
  resHeaders: new Headers(),
  user: { id: staff!.id, name: staff!.name, email: staff!.email, role: staff!.role, clientId: null },
  session: { id: "bench", userId: staff!.id, expiresAt: new Date(Date.now() + 3_600_000) },
};
const caller = createCaller(ctx);

/** The statements the procedure runs (see packages/api/src/tickets/queries.ts), written by hand. */
function rawList(query: TicketListQuery) {
  const parts = [];
  if (query.q) {
    const search = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      raw`(t.title || ' ' || t.description || ' ' || t.requester_name || ' ' || t.requester_email) ilike ${search}`,
    );
  }
  if (query.status && query.status !== "all") parts.push(raw`t.status = ${query.status}`);
  if (query.priority && query.priority !== "all") parts.push(raw`t.priority = ${query.priority}`);
  const where = parts.length
    ? parts.reduce((acc, p, i) => (i === 0 ? raw`where ${p}` : raw`${acc} and ${p}`), raw``)
    : raw``;
  return Promise.all([
    raw`
      select t.*, c.id as c_id, c.name as c_name, u.id as u_id, u.name as u_name, u.email as u_email
      from tickets t
      left join clients c on c.id = t.client_id
      left join users u on u.id = t.assignee_id
      ${where}
      order by t.created_at desc, t.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    raw`select count(*)::int as n from (select 1 from tickets t ${where} limit ${TICKET_COUNT_CAP + 1}) m`,
  ]);
}

/**
 * p50/p95 of both sides, run alternately (and in alternating order) so that load from elsewhere on the
 * machine and cache state weigh on both alike.
 */
async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await Promise.all([a(), b()]);
  const samples = { a: [] as number[], b: [] as number[] };
  const run = async (fn: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await fn();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      await run(a, samples.a);
      await run(b, samples.b);
    } else {
      await run(b, samples.b);
      await run(a, samples.a);
    }
  }
  const stats = (xs: number[]) => {
    xs.sort((x, y) => x - y);
    const at = (p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    return { p50: at(50), p95: at(95) };
  };
  return { a: stats(samples.a), b: stats(samples.b) };
}

const scenarios: [string, Partial<TicketListQuery>][] = [
  ["no filter", {}],
  ["status=IN_PROGRESS", { status: "IN_PROGRESS" }],
  ["priority=P1", { priority: "P1" }],
  ["status+priority", { status: "NEW", priority: "P2" }],
  ["q=printer (10%)", { q: "printer" }],
  ["q=requester 4242 (rare)", { q: "requester 4242" }],
  ["q+status+priority", { q: "vpn", status: "TRIAGED", priority: "P1" }],
  ["page 50 of no filter", { page: 50 }],
];

console.log(`${RUNS} runs of each side, alternated, after ${WARMUP} warm-up runs; times in ms`);
console.log("filter                      total     proc p50  proc p95   raw p50   raw p95   ratio p50  ratio p95");
for (const [name, partial] of scenarios) {
  const query: TicketListQuery = { page: 1, pageSize: 20, ...partial };
  const check = await caller.tickets.list(query);
  const [, [count]] = await rawList(query);
  if (check.total !== Math.min(count!.n, TICKET_COUNT_CAP))
    throw new Error(`${name}: procedure total ${check.total} <> raw ${count!.n}`);
  const { a: proc, b: direct } = await timePair(
    () => caller.tickets.list(query),
    () => rawList(query),
  );
  console.log(
    `${name.padEnd(26)} ${String(check.total).padStart(7)} ${proc.p50.toFixed(1).padStart(10)} ${proc.p95.toFixed(1).padStart(9)} ` +
      `${direct.p50.toFixed(1).padStart(9)} ${direct.p95.toFixed(1).padStart(9)} ${(proc.p50 / direct.p50).toFixed(2).padStart(10)}x ${(proc.p95 / direct.p95).toFixed(2).padStart(9)}x`,
  );
}

await raw.end();
await handle.close();
if (process.env.KEEP_DB) console.log(`kept database ${dbName}`);
else await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
await admin.end();
