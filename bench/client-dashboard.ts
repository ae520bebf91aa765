// Client dashboard benchmark (the goal: "a company with 5,000 tickets opens its dashboard as fast as one
// with 10"). In a fresh PostgreSQL database, Acme Dental gets 5,000 tickets and Birch Legal keeps its few;
// each company's client then opens the dashboard through the procedures (createCaller: authorization,
// zod, drizzle, serialization). Prints p50/p95 per company and the large/small ratio, for the paged
// dashboard (first page + counters) and, as the baseline, the spec's whole list the dashboard read before.
//   pnpm bench:client-dashboard          (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_TICKETS=20000 BENCH_RUNS=30 DATABASE_URL=postgres://... pnpm bench:client-dashboard
import { callerFor, freshDatabase } from "./fresh-database.js";
import { compareLargeSmall } from "./timing.js";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 10;

const database = await freshDatabase(10);
const { handle, raw } = database;

const [acme] = await raw<{ id: string }[]>`select id from clients where name = 'Acme Dental'`;
await raw`
  insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
                       client_id, tags, source, created_at, updated_at)
  select gen_random_uuid(), 'Printer ' || i || ' jams', 'Reported from workstation ' || md5(i::text) || '.',
         'INCIDENT', (array['P1','P2','P3','P4'])[1 + i % 4]::ticket_priority,
         (array['NEW','TRIAGED','IN_PROGRESS','WAITING_CUSTOMER','ON_HOLD','RESOLVED','CLOSED'])[1 + i % 7]::ticket_status,
         'Dana Whitfield', 'client@acme.test', ${acme!.id}::uuid, '{}', 'client',
         now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60)
  from generate_series(1, ${TICKETS}::int) as i`;
await raw`vacuum (analyze) tickets`;

const large = (await callerFor(handle, "client@acme.test")).clientPortal;
const small = (await callerFor(handle, "client@birch.test")).clientPortal;
const counts = [(await large.ticketCounts()).total, (await small.ticketCounts()).total];

const opens = {
  "dashboard: first page + counters": (portal: typeof large) =>
    Promise.all([portal.ticketPage({ sort: "newest", limit: 25 }), portal.ticketCounts()]),
  "dashboard: search 'printer 42'": (portal: typeof large) =>
    portal.ticketPage({ q: "printer 42", sort: "newest", limit: 25 }),
  "before: the whole list": (portal: typeof large) => portal.tickets(),
};

await compareLargeSmall(
  opens,
  { large, small },
  {
    runs: RUNS,
    warmup: WARMUP,
    heading: `Acme Dental ${counts[0]} tickets, Birch Legal ${counts[1]}`,
  },
);

await database.drop();
