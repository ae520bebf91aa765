// Device inventory benchmark (the goal: lists that stay fast as data grows). In a fresh PostgreSQL
// database, Acme Dental gets BENCH_DEVICES devices and Birch Legal keeps its few; each company's client
// then opens the inventory through the procedures (createCaller: authorization, zod, drizzle,
// serialization). Prints p50/p95 per company and the large/small ratio, for the paged inventory (first
// page + counters counted in SQL) and, as the baseline, the whole list the inventory read before, with the
// counters computed from it.
//   pnpm bench:inventory          (local server, postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DEVICES=20000 BENCH_RUNS=30 DATABASE_URL=postgres://... pnpm bench:inventory
import { callerFor, freshDatabase } from "./fresh-database.js";
import { compareLargeSmall } from "./timing.js";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;

const database = await freshDatabase(10);
const { handle, raw } = database;

const [acme] = await raw<{ id: string }[]>`select id from clients where name = 'Acme Dental'`;
await raw`
  insert into devices (id, client_id, assigned_user, email, model, serial_number, status, encryption_enabled,
                       last_check_in, warranty_expiry)
  select gen_random_uuid(), ${acme!.id}::uuid, 'Person ' || (i % 700), 'person' || (i % 700) || '@acme.test',
         'Model ' || (i % 13), 'BENCH-' || i,
         (array['IN_USE','SPARE','RETIRED','IN_REPAIR'])[1 + i % 4]::device_status, i % 5 <> 0,
         now() - make_interval(days => i % 60), (current_date + (i % 400) - 30)
  from generate_series(1, ${DEVICES}::int) as i`;
await raw`vacuum (analyze) devices`;

const large = (await callerFor(handle, "client@acme.test")).devices;
const small = (await callerFor(handle, "client@birch.test")).devices;
const counts = [(await large.metrics({})).total, (await small.metrics({})).total];

const opens = {
  "inventory: first page + metrics": (devices: typeof large) =>
    Promise.all([devices.page({ sort: "assignedUser", dir: "asc", limit: 50 }), devices.metrics({})]),
  "inventory: search 'model 7'": (devices: typeof large) =>
    Promise.all([devices.page({ q: "model 7", limit: 50 }), devices.metrics({ q: "model 7" })]),
  "before: the whole list, twice": (devices: typeof large) => Promise.all([devices.list({}), devices.list({})]),
};

await compareLargeSmall(
  opens,
  { large, small },
  {
    runs: RUNS,
    warmup: WARMUP,
    heading: `Acme Dental ${counts[0]} devices, Birch Legal ${counts[1]}`,
  },
);

await database.drop();
