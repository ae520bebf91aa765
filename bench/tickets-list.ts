// Ticket list benchmark: the staff list procedure (tickets.list through createCaller: authorization,
// zod input and output, drizzle, serialization) against the same two SQL statements run raw through
// postgres.js, on 1,000,000 tickets in a fresh PostgreSQL database. Prints p50/p95 per filter and the
// procedure/raw ratio, which is the price of the layers above SQL. The agent desk's built-in views and
// sorts are scenarios too, with the indexes each view's plan reads, and the side list's counts
// (views.counts, one statement) against the same statement raw.
//   pnpm bench:tickets                       (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   DATABASE_URL=postgres://... pnpm bench:tickets
//   BENCH_TICKETS=200000 BENCH_RUNS=30 KEEP_DB=1 ...   (smaller, fewer runs, keep the database)
//   BENCH_REUSE_DB=<kept database> BENCH_ONLY=^q ...   (bench a kept database again, the searches only)
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { TicketListQuery } from "@repo/validators";
import { TICKET_VIEWS, VIEW_COUNT_CAP } from "../packages/validators/src/ticket-views.js";
import { RANKED_MATCHES, SEARCH_COUNT_CAP, TICKET_COUNT_CAP } from "../packages/api/src/tickets/queries.js";
import {
  filteredPairs,
  rarePieces,
  readsByFilters,
  searchStats,
  walkFinds,
  type SearchStats,
} from "../packages/api/src/tickets/search-plan.js";
import { callerFor, freshDatabase, postgres } from "./fresh-database.js";
import { timePair as timeAlternated } from "./timing.js";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;

const database = await freshDatabase(10);
const { handle, raw } = database;
type Sql = typeof raw;
const unprepared = postgres(database.url, { max: 10, prepare: false, onnotice: () => {} });

// ---- Seed: generate_series in one statement, with the secondary indexes built afterwards ----
// Descriptions draw 8 to 16 words from VOCABULARY, the first ones far more often (random()^2): "the" and
// "user" are in most tickets, "printer", "email" and "password" in one of five to fifty, the last ones in
// one of a few hundred; a workstation hash (a rare word) and a serial number (SN-XXXX-XXXX) are each one
// ticket's. Titles give "printer", "email", "password" and seven more their tenth of the tickets each.
const VOCABULARY = (
  "the user and to is not after error cannot when screen login password email printer outlook since " +
  "update account access new please help working again shows message with from network connection " +
  "office laptop restart tried already team meeting client server drive file folder shared permission " +
  "request install software license expired reset locked out phone call ticket urgent today yesterday " +
  "morning week slow freezes crashes blue black display monitor cable dock keyboard mouse battery " +
  "charger adapter wireless signal router firewall proxy certificate browser chrome edge teams calendar " +
  "invite mailbox quota full storage backup restore sync onedrive sharepoint excel word macro vpn token " +
  "authenticator mfa sms code badge door camera headset microphone speaker audio video driver firmware " +
  "bios update patch reboot scanner toner paper tray jam duplex fax label barcode warehouse invoice " +
  "payroll sap erp crm salesforce database query report dashboard export import csv migration tenant " +
  "domain dns dhcp ip address subnet vlan switch port cabling rack ups power outage generator hvac " +
  "kiosk tablet ipad android iphone roaming esim voicemail conference projector whiteboard hdmi adapter"
).split(" ");
async function seed() {
  let t0 = performance.now();
  const indexes = await raw<{ indexname: string; indexdef: string }[]>`
  select indexname, indexdef from pg_indexes where tablename = 'tickets' and indexname <> 'tickets_pkey'`;
  for (const i of indexes) await raw.unsafe(`drop index "${i.indexname}"`);
  const [acme, birch] = await raw<{ id: string }[]>`select id from clients order by name`;
  const [agent] = await raw<{ id: string }[]>`select id from users where email = 'agent@northwind.test'`;
  await raw`
  insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
                       client_id, assignee_id, tags, source, created_at, updated_at, resolution_due_at, sla_state)
  select gen_random_uuid(),
         (array['Printer','Laptop','Email','VPN','Password','Wi-Fi','Backup','Phone','Scanner','Monitor'])[1 + i % 10]
           || ' ' || (array['jams','is offline','is slow','crashes','needs setup','not syncing','expired','is broken'])[1 + (i / 10) % 8]
           || ' at site ' || (i % 997),
         'Reported from workstation ' || md5(i::text) || '. '
           || (select string_agg((${VOCABULARY}::text[])[1 + floor(${VOCABULARY.length} * random() ^ 2)::int], ' ')
               from generate_series(1, 8 + i % 9) where i > 0)
           || '. Serial number ' || 'SN-' || upper(substr(md5(i || 's'), 1, 4)) || '-' || upper(substr(md5(i || 's'), 5, 4)) || '.',
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
         now() - make_interval(secs => i * 60) + interval '3 days',
         case when i % 13 = 0 then 'at_risk' else 'ok' end::sla_state
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
}
if (!database.reused) await seed();

// ---- The two sides ----
// The agent, to whom a quarter of the tickets are assigned: "My open tickets" has rows.
const [staff] = await raw<{ id: string }[]>`select id from users where email = 'agent@northwind.test'`;
const caller = await callerFor(handle, "agent@northwind.test");

/** The search as packages/api/src/tickets/search.ts writes it: words, or a substring, planned alike. */
const WORDS = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;
function rawSearch(raw: Sql, query: TicketListQuery, mode: "words" | "substring", stats?: SearchStats) {
  const q = query.q!;
  if (mode === "substring") {
    const search = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text = raw`(t.title || ' ' || t.description || ' ' || t.requester_name || ' ' || t.requester_email)`;
    // The pieces the trigram index looks up, the whole query checked on what it finds (search-plan.ts).
    const pieces = rarePieces(stats, q);
    return {
      where: pieces
        ? raw`${text} ilike ${`%${pieces.join("%")}%`} and (${text} ilike ${search}) is true`
        : raw`${text} ilike ${search}`,
    };
  }
  const words = q.trim().split(/\s+/);
  const tsquery = raw`to_tsquery('simple', ${`${words.join(" & ")}:*`})`;
  // A short walk newest first, where the statistics expect one: written so the full-text index cannot serve it.
  const listed = words.map((word) => word.toLowerCase());
  const matches = Math.max(RANKED_MATCHES, SEARCH_COUNT_CAP + 1, query.page * query.pageSize);
  const walk = !query.view && walkFinds(stats, listed, matches);
  // No walk: the words as the status and priority prefix them (migration 0022), with both filters always, with
  // one where the statistics say it beats a walk, its value with each of the other's (decision 0024).
  const filters = {
    status: query.status && query.status !== "all" ? query.status : undefined,
    priority: query.priority && query.priority !== "all" ? query.priority : undefined,
  };
  const filtered = !walk && readsByFilters(stats, listed, filters, matches);
  const prefixed = filteredPairs(filters).map(
    ([s, p]) => raw`ticket_filtered_query(${s}::ticket_status, ${p}::ticket_priority, ${tsquery})`,
  );
  return {
    byFilters: filtered,
    where: walk
      ? raw`(t.search_vector @@ ${tsquery}) is true`
      : filtered
        ? raw`ticket_filtered_words(t.status, t.priority, t.search_vector)
            @@ (${prefixed.reduce((acc, p) => raw`${acc} || ${p}`)})`
        : raw`t.search_vector @@ ${tsquery}`,
    rank: raw`ts_rank(t.search_vector, ${tsquery})`,
  };
}

/** The statements the procedure runs (see packages/api/src/tickets/queries.ts), written by hand. */
async function rawList(query: TicketListQuery) {
  if (!query.q) return rawPage(raw, query);
  // A search is not prepared, as the procedure's (CUSTOM_PLAN in @repo/db): planned for its words.
  const sql = unprepared;
  // The statistics as the procedure reads them (cached a minute per database).
  const stats = await searchStats(handle.db);
  const found = await rawPage(sql, query, rawSearch(sql, query, WORDS.test(query.q) ? "words" : "substring", stats));
  // No word starts so: the substring search, as the procedure falls back to.
  if (WORDS.test(query.q) && found[1][0]!.n === 0)
    return rawPage(sql, query, rawSearch(sql, query, "substring", stats));
  return found;
}

async function rawPage(raw: Sql, query: TicketListQuery, search?: ReturnType<typeof rawSearch>) {
  const parts = [];
  if (search) parts.push(search.where);
  const filters = [];
  if (query.status && query.status !== "all") filters.push(raw`t.status = ${query.status}`);
  if (query.priority && query.priority !== "all") filters.push(raw`t.priority = ${query.priority}`);
  // Searched by the words with the filters: the filters stand, written so no index serves them.
  if (search?.byFilters) parts.push(raw`(${filters.reduce((acc, f) => raw`${acc} and ${f}`)}) is true`);
  else parts.push(...filters);
  if (query.view) parts.push(rawView(raw, query.view));
  const where = parts.length
    ? parts.reduce((acc, p, i) => (i === 0 ? raw`where ${p}` : raw`${acc} and ${p}`), raw``)
    : raw``;
  const offset = (query.page - 1) * query.pageSize;
  const cap = search ? SEARCH_COUNT_CAP : TICKET_COUNT_CAP;
  const counted = () =>
    raw<{ n: number }[]>`select count(*)::int as n from (select 1 from tickets t ${where} limit ${cap + 1}) m`;
  if (search?.rank && !query.sort) {
    // The newest matches (at least one past the count's cap) ranked, then any further ones newest first;
    // the page chosen by id, and the matches found counted in the same statement.
    const rows = await raw`
      select t.*, c.id as c_id, c.name as c_name, u.id as u_id, u.name as u_name, u.email as u_email, p.found
      from (select f.id, f.recency > ${RANKED_MATCHES} as late,
                   case when f.recency <= ${RANKED_MATCHES} then f.rank end as relevance,
                   count(*) over ()::int as found
            from (select t.id, t.created_at, row_number() over (order by t.created_at desc, t.id desc) as recency,
                         ${search.rank} as rank
                  from tickets t ${where} order by t.created_at desc, t.id desc
                  limit ${Math.max(RANKED_MATCHES, cap + 1, offset + query.pageSize)}) f
            order by late, relevance desc nulls last, f.created_at desc, f.id desc
            limit ${query.pageSize} offset ${offset}) p
      join tickets t on t.id = p.id
      left join clients c on c.id = t.client_id
      left join users u on u.id = t.assignee_id
      order by p.late, p.relevance desc nulls last, t.created_at desc, t.id desc`;
    const n = rows[0]?.found ?? (offset === 0 ? 0 : (await counted())[0]!.n);
    return [rows, [{ n }]] as const;
  }
  return Promise.all([
    raw`
      select t.*, c.id as c_id, c.name as c_name, u.id as u_id, u.name as u_name, u.email as u_email
      from tickets t
      left join clients c on c.id = t.client_id
      left join users u on u.id = t.assignee_id
      ${where}
      order by ${rawOrder(raw, query.sort)}
      limit ${query.pageSize} offset ${offset}`,
    counted(),
  ]);
}

const open = (raw: Sql) => raw`t.status not in ('RESOLVED', 'CLOSED')`;
/** The views of packages/api/src/views/queues.ts, written by hand. */
function rawView(raw: Sql, view: NonNullable<TicketListQuery["view"]>) {
  const OPEN = open(raw);
  const now = new Date().toISOString();
  switch (view) {
    case "mine":
      return raw`${OPEN} and t.assignee_id = ${staff!.id}`;
    case "unassigned":
      return raw`${OPEN} and t.assignee_id is null`;
    case "at-risk":
      return raw`${OPEN} and t.sla_state = 'at_risk'`;
    case "overdue":
      return raw`${OPEN} and t.resolution_due_at < coalesce(t.paused_at, ${now}::timestamptz)`;
    case "waiting":
      return raw`t.status = 'WAITING_CUSTOMER'`;
    case "open":
      return OPEN;
  }
}
function rawOrder(raw: Sql, sort: TicketListQuery["sort"]) {
  switch (sort) {
    case "priority":
      return raw`t.priority asc, t.created_at desc, t.id desc`;
    case "sla":
      return raw`t.resolution_due_at asc nulls last, t.id asc`;
    case "updated":
      return raw`t.updated_at desc, t.id desc`;
    default:
      return raw`t.created_at desc, t.id desc`;
  }
}
/** The side list's counts, one statement, as views.counts runs it. */
function rawCounts() {
  const counted = TICKET_VIEWS.map(
    (view) =>
      raw`(select count(*)::int from (select 1 from tickets t where ${open(raw)} and ${rawView(raw, view)}
        limit ${VIEW_COUNT_CAP + 1}) c) as ${raw(view)}`,
  );
  const columns = counted.reduce((acc, f, i) => (i === 0 ? f : raw`${acc}, ${f}`), raw``);
  return raw`select ${columns}`;
}

/** Words of one ticket's description: its whole workstation hash, and ten characters from its middle. */
const [{ hash }] = await raw<{ hash: string }[]>`select md5('4242') as hash`;
const RARE_WORD = hash;
const HASH_MIDDLE = hash.slice(11, 21);
/** The same ticket's serial number (SN-XXXX-XXXX) as typed without its prefix, and its status and priority. */
const [rare] = await raw<
  { serial: string; status: TicketListQuery["status"]; priority: TicketListQuery["priority"] }[]
>`
  select substr(description, strpos(description, 'SN-') + 3, 7) as serial, status, priority
  from tickets where description like ${`%${hash}%`}`;

const timePair = (a: () => Promise<unknown>, b: () => Promise<unknown>) =>
  timeAlternated(a, b, { runs: RUNS, warmup: WARMUP });

const scenarios: [string, Partial<TicketListQuery>][] = [
  ["no filter", {}],
  ["status=IN_PROGRESS", { status: "IN_PROGRESS" }],
  ["priority=P1", { priority: "P1" }],
  ["status+priority", { status: "NEW", priority: "P2" }],
  // The search (docs/decisions/0019-ticket-search.md): words by the full-text index, most relevant first;
  // anything else, and words found nowhere, as a substring by the trigram index.
  ["q=printer (common, 20%)", { q: "printer" }],
  ["q=print (prefix, 20%)", { q: "print" }],
  [`q=<md5> (rare word, 1)`, { q: RARE_WORD }],
  ["q=requester 4242 (rare)", { q: "requester 4242" }],
  ["q=printer jams (2.5%)", { q: "printer jams" }],
  ["q=printer ja (typed, 3%)", { q: "printer ja" }],
  ["q=passw (typed, 20%)", { q: "passw" }],
  ["q=the (60%)", { q: "the" }],
  ["q=password expired (4%)", { q: "password expired" }],
  ["q=vpn+status+prio (14%)", { q: "vpn", status: "TRIAGED", priority: "P1" }],
  ["q=printer+status+prio", { q: "printer", status: "NEW", priority: "P2" }],
  ["q=the+status+prio", { q: "the", status: "NEW", priority: "P2" }],
  ["q=<md5>+status+prio", { q: RARE_WORD, status: rare!.status, priority: rare!.priority }],
  ["q=hvac+status+prio (3.5%)", { q: "hvac", status: "NEW", priority: "P2" }],
  // One filter: the word's few thousand matches among a status's or a priority's (decision 0023).
  ["q=hvac+status (one filter)", { q: "hvac", status: "NEW" }],
  ["q=hvac+prio (one filter)", { q: "hvac", priority: "P2" }],
  ["q=hvac (3.5%, no filter)", { q: "hvac" }],
  ["q=printer+status (one)", { q: "printer", status: "NEW" }],
  ["q=jams+prio (one filter)", { q: "jams", priority: "P2" }],
  ["q=<md5>+status (one)", { q: RARE_WORD, status: rare!.status }],
  ["q=user4242@example (email)", { q: "user4242@example" }],
  [`q=<serial part> (substring)`, { q: rare!.serial }],
  [`q=<md5 middle> (fallback)`, { q: HASH_MIDDLE }],
  ["page 50 of no filter", { page: 50 }],
  ...TICKET_VIEWS.map((view): [string, Partial<TicketListQuery>] => [`view=${view}`, { view }]),
  ["view=open sort=priority", { view: "open", sort: "priority" }],
  ["view=open sort=sla", { view: "open", sort: "sla" }],
  ["view=mine sort=updated", { view: "mine", sort: "updated" }],
];

/** The indexes a statement's plan reads (none: a sequential scan), to check each view is served by one. */
async function indexesRead(query: TicketListQuery): Promise<string> {
  const where = query.view ? raw`where ${rawView(raw, query.view)}` : raw``;
  const plan = await raw<{ "QUERY PLAN": string }[]>`explain select t.id from tickets t ${where}
    order by ${rawOrder(raw, query.sort)} limit 20`;
  const names = new Set(plan.flatMap((row) => [...row["QUERY PLAN"].matchAll(/using (\w+)/gi)].map((m) => m[1]!)));
  return names.size ? [...names].join(", ") : "sequential scan";
}

/**
 * The load's share: a fixed piece of work on the server (no table read), timed now. On an idle machine it
 * takes a few milliseconds; its p50 here against that says how much slower everything below runs.
 */
async function loadProbe() {
  const { a } = await timePair(
    () => raw`select count(*) from generate_series(1, 300000)`,
    () => raw`select 1`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; fixed work (count 300,000 rows) p50 ${a.p50.toFixed(1)} p95 ${a.p95.toFixed(1)} ms`,
  );
}
await loadProbe();
console.log(`${RUNS} runs of each side, alternated, after ${WARMUP} warm-up runs; times in ms`);
console.log(
  "filter                      total     proc p50  proc p95   raw p50   raw p95   ratio p50  ratio p95  load",
);
// BENCH_ONLY=q: the scenarios whose name matches this pattern, say only the searches.
const only = new RegExp(process.env.BENCH_ONLY ?? "");
for (const [name, partial] of scenarios.filter(([name]) => only.test(name))) {
  const query: TicketListQuery = { page: 1, pageSize: 20, ...partial };
  const check = await caller.tickets.list(query);
  const [rawRows, [count]] = await rawList(query);
  // Same tickets in the same order: the hand-written side runs what the procedure runs.
  if (check.tickets.map((t) => t.id).join() !== rawRows.map((r) => r.id as string).join())
    throw new Error(`${name}: procedure and raw pages differ`);
  if (check.total !== Math.min(count!.n, query.q ? SEARCH_COUNT_CAP : TICKET_COUNT_CAP))
    throw new Error(`${name}: procedure total ${check.total} <> raw ${count!.n}`);
  const { a: proc, b: direct } = await timePair(
    () => caller.tickets.list(query),
    () => rawList(query),
  );
  console.log(
    `${name.padEnd(26)} ${String(check.total).padStart(7)} ${proc.p50.toFixed(1).padStart(10)} ${proc.p95.toFixed(1).padStart(9)} ` +
      `${direct.p50.toFixed(1).padStart(9)} ${direct.p95.toFixed(1).padStart(9)} ${(proc.p50 / direct.p50).toFixed(2).padStart(10)}x ${(proc.p95 / direct.p95).toFixed(2).padStart(9)}x ${os.loadavg()[0]!.toFixed(1).padStart(5)}`,
  );
}

await loadProbe();

console.log("\nthe indexes each view's page reads");
for (const [name, partial] of scenarios.filter(([, p]) => p.view)) {
  console.log(`${name.padEnd(26)} ${await indexesRead({ page: 1, pageSize: 20, ...partial })}`);
}

const counts = await caller.views.counts();
const [rawRow] = await rawCounts();
if (Object.values(counts).join() !== Object.values(rawRow!).join())
  throw new Error(`view counts ${JSON.stringify(counts)} <> raw ${JSON.stringify(rawRow)}`);
const { a: proc, b: direct } = await timePair(
  () => caller.views.counts(),
  () => rawCounts(),
);
console.log(`\nview counts (one statement, each up to ${VIEW_COUNT_CAP + 1}): ${JSON.stringify(counts)}`);
console.log(
  `proc p50 ${proc.p50.toFixed(1)} p95 ${proc.p95.toFixed(1)}, raw p50 ${direct.p50.toFixed(1)} p95 ${direct.p95.toFixed(1)}, ` +
    `ratio p50 ${(proc.p50 / direct.p50).toFixed(2)}x`,
);

await unprepared.end();
await database.drop();
