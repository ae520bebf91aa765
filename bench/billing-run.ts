// Billing at scale (docs/performance.md, issue "Agreements and invoices"), in a fresh PostgreSQL database:
// 1. A month's billing run for 30 companies, then for 300 (each with an agreement of three recurring lines
//    (per user, per device, flat) and a prepaid block; 30,000 devices; 5,000 approved billable entries in
//    the month before), timed, with the live heap's peak above its level before the run (sampled after a
//    collection every 500 ms): flat means it does not grow with the companies, as the run holds one
//    company at a time.
// 2. One company with ten years of monthly invoices (120, ten lines each): its invoice list and one
//    invoice page through createCaller, each beside the raw query it rests on; p50/p95 and the ratio.
// Targets: the run of 300 under 10 s; the list and the page under 50 ms at p95.
//   pnpm bench:billing
import { performance } from "node:perf_hooks";
import { seedCatalogue } from "../packages/api/src/billing/catalogue.js";
import { startRun } from "../packages/api/src/billing/runs.js";
import { callerFor, freshDatabase } from "./fresh-database.js";
import { loadAverage, timePair } from "./timing.js";

const COMPANIES = 300;
const DEVICES_PER_COMPANY = 100;
const USERS_PER_COMPANY = 10;
const ENTRIES = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const database = await freshDatabase(10);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * Runs the month twice: once timed, then once with the live heap sampled (a collection before each
 * sample costs time, so the timed run has none), the first run's drafts rebuilt by the second.
 */
async function timedRun(db: typeof database.handle.db, month: string) {
  const started = performance.now();
  await (await startRun(db, month, null)).done;
  const ms = performance.now() - started;
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  // What the run keeps alive, not the garbage it leaves for later: collected before each sample.
  const sampler = setInterval(() => {
    globalThis.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 500);
  await (await startRun(db, month, null)).done;
  clearInterval(sampler);
  return { ms, rise: peak - before };
}

try {
  const { handle, raw } = database;
  await seedCatalogue(handle.db);
  const [hash] = await raw<{ h: string }[]>`select password_hash as h from users where email = 'agent@northwind.test'`;
  const companies = await raw<{ id: string }[]>`
    insert into clients (id, name) select gen_random_uuid(), 'Bench company ' || lpad(n::text, 3, '0')
    from generate_series(1, ${COMPANIES}) as n returning id`;
  const ids = companies.map((c) => c.id);
  await raw`insert into users (id, name, email, password_hash, role, client_id)
    select gen_random_uuid(), 'Bench user ' || c || '-' || u, 'bench-' || c || '-' || u || '@example.org', ${hash!.h},
           'CLIENT', (${ids}::uuid[])[c]
    from generate_series(1, ${COMPANIES}::int) as c, generate_series(1, ${USERS_PER_COMPANY}::int) as u`;
  await raw`insert into devices (id, client_id, serial_number, model, status)
    select gen_random_uuid(), (${ids}::uuid[])[c], 'SN-' || c || '-' || d, 'Latitude 5440', 'IN_USE'
    from generate_series(1, ${COMPANIES}::int) as c, generate_series(1, ${DEVICES_PER_COMPANY}::int) as d`;
  const items = await raw<{ id: string }[]>`
    insert into catalogue_items (id, name, unit, price_cents) values
      (gen_random_uuid(), 'Bench seat', 'per_user_month', 4500),
      (gen_random_uuid(), 'Bench device', 'per_device_month', 1200),
      (gen_random_uuid(), 'Bench backup', 'flat_month', 9000)
    returning id`;
  const [remote] = await raw<{ id: string }[]>`select id from work_types where name = 'Remote support'`;
  const [agent] = await raw<{ id: string }[]>`select id from users where email = 'agent@northwind.test'`;
  await raw`insert into time_entries (id, user_id, client_id, work_date, minutes, work_type_id, billable, approved_at)
    select gen_random_uuid(), ${agent!.id}, (${ids}::uuid[])[1 + i % ${COMPANIES}], '2026-05-01'::date + (i % 31),
           15 + i % 90, ${remote!.id}, true, now()
    from generate_series(1, ${ENTRIES}) as i`;

  /** Agreements (three lines and a block each) for companies [from, to). */
  async function agreementsFor(from: number, to: number) {
    const made = await raw<{ id: string }[]>`
      insert into agreements (id, client_id, name, start_date, billing_day)
      select gen_random_uuid(), (${ids}::uuid[])[c], 'Managed IT', '2026-01-01', 1
      from generate_series(${from + 1}::int, ${to}::int) as c returning id`;
    const agreementIds = made.map((a) => a.id);
    await raw`insert into agreement_lines (id, agreement_id, catalogue_item_id, quantity_source, sort_order)
      select gen_random_uuid(), a, (${items.map((i) => i.id)}::uuid[])[k],
             (array['users', 'devices', 'fixed'])[k], k
      from unnest(${agreementIds}::uuid[]) as a, generate_series(1, 3) as k`;
    await raw`insert into prepaid_blocks (id, agreement_id, minutes, price_cents, purchased_on, expires_on,
                                          overage_rate_cents, work_type_ids)
      select gen_random_uuid(), a, 600, 100000, '2026-01-01', '2026-12-31', 15000, array[${remote!.id}::uuid]
      from unnest(${agreementIds}::uuid[]) as a`;
  }
  await raw`vacuum analyze`;
  console.log(`load average ${loadAverage()}`);

  await agreementsFor(0, 30);
  const small = await timedRun(handle.db, "2026-06");
  await raw`delete from invoices where month = '2026-06'`; // releases the time; the next run bills it again
  await raw`update time_entries set invoiced_at = null`;
  await agreementsFor(30, COMPANIES);
  const large = await timedRun(handle.db, "2026-06");
  const [{ n }] = (await raw`select count(*)::int as n from invoices where month = '2026-06'`) as unknown as [
    { n: number },
  ];
  const [{ claimed }] = (await raw`select count(*)::int as claimed from invoiced_time`) as unknown as [
    { claimed: number },
  ];
  console.log(`run                       time      heap peak rise   invoices  entries invoiced`);
  console.log(`30 companies     ${(small.ms / 1000).toFixed(2).padStart(9)} s  ${mb(small.rise).padStart(14)}`);
  console.log(
    `${COMPANIES} companies    ${(large.ms / 1000).toFixed(2).padStart(9)} s  ${mb(large.rise).padStart(14)}  ${String(n).padStart(8)}  ${String(claimed).padStart(8)}   ${large.ms < 10_000 ? "under" : "OVER"} 10 s; time ${(large.ms / small.ms).toFixed(1)}x for 10x the companies, live heap rise ${mb(small.rise)} → ${mb(large.rise)}`,
  );
  console.log(`load average ${loadAverage()}`);

  // Ten years of monthly invoices for one company.
  const history = ids[0]!;
  await raw`
    insert into invoices (id, kind, client_id, month, status, number, issue_date, due_date, bill_to, tax_name,
                          tax_components, subtotal_cents, tax_cents, total_cents, approved_at)
    select gen_random_uuid(), 'invoice', ${history}, to_char(d, 'YYYY-MM'), 'approved',
           'INV-H-' || lpad(i::text, 4, '0'), d::date, (d + interval '30 days')::date,
           '{"name": "Bench company 001", "address": null, "email": null}', 'HST 13%',
           '[{"label": "HST", "rateMilliPercent": 13000}]', 100000, 13000, 113000, now()
    from generate_series(1, 120) as i, lateral (select '2016-01-01'::date + (i - 1) * interval '1 month' as d) m`;
  await raw`
    insert into invoice_lines (id, invoice_id, source, description, quantity, quantity_unit, unit_price_cents,
                               amount_cents, taxable, sort_order)
    select gen_random_uuid(), i.id, 'recurring', 'Bench line ' || k, 1, 'each', 10000, 10000, true, k
    from invoices i, generate_series(1, 10) as k where i.number like 'INV-H-%'`;
  await raw`vacuum analyze`;
  const [page] = await raw<{ id: string }[]>`select id from invoices where number = 'INV-H-0060'`;
  const admin = (await callerFor(handle, "admin@northwind.test")).billing;
  const cases = [
    {
      name: "a company's invoice list (120 + a run's)",
      ours: () => admin.invoices({ clientId: history }),
      raw: () => raw`select * from invoices where client_id = ${history} order by issue_date desc`,
    },
    {
      name: "an invoice page",
      ours: () => admin.invoice({ id: page!.id }),
      raw: () => raw`select * from invoice_lines where invoice_id = ${page!.id} order by sort_order`,
    },
  ];
  console.log("case                                     ours p50   p95    raw p50   p95   ratio(p95)  target");
  for (const c of cases) {
    const { a, b } = await timePair(c.ours, c.raw, { runs: RUNS, warmup: 3 });
    console.log(
      `${c.name.padEnd(40)} ${a.p50.toFixed(1).padStart(8)} ${a.p95.toFixed(1).padStart(6)} ${b.p50.toFixed(1).padStart(9)} ${b.p95.toFixed(1).padStart(6)} ${(a.p95 / b.p95).toFixed(2).padStart(10)}  ${a.p95 < 50 ? "under" : "OVER"} 50 ms`,
    );
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await database.drop();
}
