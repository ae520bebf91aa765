// Time at scale (docs/performance.md, issue "Time"): 1,000,000 time entries across 30 staff and 300
// companies over a year, in a fresh PostgreSQL database. Through the procedures (createCaller:
// authorization, zod, drizzle, serialization): a person's week's timesheet, a month's time report (the
// utilisation of 30 staff), and a year's report (hours per client and month). Each beside a baseline in
// the same run: the one aggregate the answer rests on, in raw SQL (for the reports, over the daily
// rollups they read, decision 0039), and for the reports the same aggregate over the entries themselves,
// what the rollups save. Prints p50/p95 and the ratios.
// Targets: the week under 50 ms at p95, the month and the year under 200 ms.
//   pnpm bench:time
//   BENCH_ENTRIES=200000 BENCH_RUNS=20 pnpm bench:time
import { callerFor, freshDatabase } from "./fresh-database.js";
import { loadAverage, timeEach } from "./timing.js";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const STAFF = 30;
const COMPANIES = 300;
const FIRST_DAY = "2025-12-01"; // a Monday; the year runs to 2026-11-29

const database = await freshDatabase(10);
try {
  const { handle, raw } = database;
  const [{ hash }] = await raw<
    { hash: string }[]
  >`select password_hash as hash from users where email = 'agent@northwind.test'`;
  const staff = await raw<{ id: string }[]>`
    insert into users (id, name, email, password_hash, role)
    select gen_random_uuid(), 'Bench agent ' || n, 'bench-' || n || '@northwind.test', ${hash}, 'AGENT'
    from generate_series(1, ${STAFF}) as n returning id`;
  const companies = await raw<{ id: string }[]>`
    insert into clients (id, name) select gen_random_uuid(), 'Bench company ' || n
    from generate_series(1, ${COMPANIES}) as n returning id`;
  const types = await raw<{ id: string }[]>`select id from work_types order by sort_order`;
  const started = performance.now();
  await raw`
    insert into time_entries (id, user_id, client_id, ticket_reference, ticket_title, work_date, minutes,
                              work_type_id, billable, approved_at, created_at, updated_at)
    select gen_random_uuid(),
           (${staff.map((s) => s.id)}::text[])[1 + i % ${STAFF}]::uuid,
           case when i % 10 = 0 then null else (${companies.map((c) => c.id)}::text[])[1 + i % ${COMPANIES}]::uuid end,
           lpad(to_hex(i), 8, '0'), 'Bench ticket ' || (i % 5000),
           ${FIRST_DAY}::date + (i % 364),
           5 + i % 116,
           (${types.map((t) => t.id)}::text[])[1 + i % ${types.length}]::uuid,
           i % 4 < 3,
           case when i % 5 = 0 then null else now() end,
           now(), now()
    from generate_series(1, ${ENTRIES}) as i`;
  await raw`vacuum (analyze) time_entries, time_person_days, time_client_days, time_work_type_days`;
  console.log(
    `${ENTRIES} entries in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );

  const admin = (await callerFor(handle, "admin@northwind.test")).time;
  const person = staff[7]!.id;
  const week = { userId: person, weekStart: "2026-06-01" };
  const month = { from: "2026-06-01", to: "2026-06-30" };
  const year = { from: FIRST_DAY, to: "2026-11-29" };
  const cases: {
    name: string;
    ours: () => Promise<unknown>;
    raw: () => Promise<unknown>;
    entries?: () => Promise<unknown>;
    target: number;
  }[] = [
    {
      name: "a week's timesheet",
      ours: () => admin.timesheet(week),
      raw: () => raw`select work_date, ticket_reference, work_type_id, sum(minutes) from time_entries
                     where user_id = ${person} and work_date between '2026-06-01' and '2026-06-07'
                     group by 1, 2, 3`,
      target: 50,
    },
    {
      name: "a month's report (utilisation of 30 staff)",
      ours: () => admin.report(month),
      raw: () => raw`select user_id, sum(minutes) from time_person_days
                     where work_date between '2026-06-01' and '2026-06-30' group by user_id`,
      entries: () => raw`select user_id, sum(minutes) from time_entries
                         where work_date between '2026-06-01' and '2026-06-30' group by user_id`,
      target: 200,
    },
    {
      name: "a year's report (hours per client and month)",
      ours: () => admin.report(year),
      raw: () => raw`select client_id, date_trunc('month', work_date::timestamp), sum(minutes) from time_client_days
                     where work_date between ${FIRST_DAY} and '2026-11-29' group by 1, 2`,
      entries: () => raw`select client_id, to_char(work_date, 'YYYY-MM'), sum(minutes) from time_entries
                         where work_date between ${FIRST_DAY} and '2026-11-29' group by 1, 2`,
      target: 200,
    },
  ];
  console.log(
    "case                                           ours p50   p95    raw p50   p95   ratio(p95)  target         entries p50   p95   ratio(p95)",
  );
  for (const c of cases) {
    const [a, b, e] = await timeEach(c.entries ? [c.ours, c.raw, c.entries] : [c.ours, c.raw], {
      runs: RUNS,
      warmup: 3,
    });
    const entries = e
      ? `${e.p50.toFixed(1).padStart(11)} ${e.p95.toFixed(1).padStart(6)} ${(a!.p95 / e.p95).toFixed(2).padStart(10)}`
      : "";
    console.log(
      `${c.name.padEnd(46)} ${a!.p50.toFixed(1).padStart(8)} ${a!.p95.toFixed(1).padStart(6)} ${b!.p50.toFixed(1).padStart(9)} ${b!.p95.toFixed(1).padStart(6)} ${(a!.p95 / b!.p95).toFixed(2).padStart(10)}  ${a!.p95 < c.target ? "under" : "OVER"} ${c.target} ms  ${entries}`,
    );
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await database.drop();
}
