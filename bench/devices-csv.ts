// CSV export bench (docs/performance.md): GET /api/devices.csv of 100,000 devices from our built server in production
// mode, on a fresh PostgreSQL database, while the server's resident memory (VmRSS in /proc) is sampled
// every 50 ms. The export reads the list in keyset batches, so the peak should stay near the baseline
// whatever the number of devices. Prints baseline RSS, peak RSS, the growth, the time and rows/s.
//   pnpm build && pnpm bench:csv
//   BENCH_DEVICES=200000 BENCH_RUNS=5 pnpm bench:csv
//   BENCH_ENTRY=path/to/other/main.js pnpm bench:csv   (another build, to compare before and after)
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { freshDatabase } from "./fresh-database.js";
import { exited, loadAverage, startOurServer, waitFor } from "./server-process.js";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const database = await freshDatabase(2);
// Dropped at the end whatever happens, seeding included.
let child: ChildProcess | undefined;
try {
  const { raw, handle } = database;
  const [acme] = await raw<{ id: string }[]>`select id from clients where name = 'Acme Dental'`;
  const [birch] = await raw<{ id: string }[]>`select id from clients where name = 'Birch Legal'`;
  // Rows as an inventory has them: most fields set, some empty, a quarter at risk (unencrypted).
  await raw`
    insert into devices (id, client_id, assigned_user, email, device_type, platform, model, serial_number, asset_tag,
                         status, location, purchase_date, warranty_expiry, last_check_in, encryption_enabled, notes)
    select gen_random_uuid(), case when i % 2 = 0 then ${acme!.id}::uuid else ${birch!.id}::uuid end,
           'User ' || (i % 5000), 'user' || (i % 5000) || '@example.test',
           (array['laptop','desktop','phone','server'])[1 + i % 4]::device_type,
           (array['Windows','macOS','Linux','iOS','Android'])[1 + i % 5]::device_platform,
           (array['Dell Latitude 5440','MacBook Pro 14','ThinkPad T14','iPhone 15'])[1 + i % 4],
           'BENCH-' || lpad(i::text, 7, '0'), case when i % 3 = 0 then 'ASSET-' || i end,
           (array['IN_USE','IN_USE','IN_USE','SPARE','IN_REPAIR','RETIRED'])[1 + i % 6]::device_status,
           'Site ' || (i % 97), date '2022-01-01' + (i % 1000), date '2025-06-01' + (i % 1500),
           now() - make_interval(hours => i % 2000), i % 4 <> 0,
           case when i % 10 = 0 then 'Spare charger in the drawer, "blue" label' end
    from generate_series(1, ${DEVICES}::int) as i`;
  await raw`vacuum (analyze) devices`;
  const [{ n: total }] = await raw<{ n: number }[]>`select count(*)::int as n from devices`;
  const [agent] = await raw<{ id: string }[]>`select id from users where email = 'admin@northwind.test'`;
  const token = generateSessionToken();
  await createSession(handle.db, token, agent!.id);

  const started = await startOurServer({ databaseUrl: database.url });
  child = started.child;
  const { origin } = started;
  const rssMb = () => {
    const line = readFileSync(`/proc/${started.child.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  };

  /** Downloads the export, counting lines as they arrive, while sampling the server's RSS. */
  async function download() {
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb()), 50);
    const start = performance.now();
    const res = await fetch(`${origin}/api/devices.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`devices.csv: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body!) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const ms = performance.now() - start;
    clearInterval(sampler);
    samples.push(rssMb());
    return { ms, bytes, rows: lines - 1, peak: Math.max(...samples) };
  }

  await waitFor(`${origin}/healthz`, started.child);
  // The start-up work (SLA sweep, caches) settles, and a small export warms the code paths.
  await sleep(3000);
  await fetch(`${origin}/api/devices.csv?q=nothing-matches-this`, { headers: { authorization: `Bearer ${token}` } });
  console.log(`load average ${loadAverage()}; ${total.toLocaleString("en")} devices, ${RUNS} downloads`);
  console.log("run  baseline MB  peak MB  growth MB   time s   rows/s      MB   load average");
  for (let run = 1; run <= RUNS; run++) {
    await sleep(1000);
    const baseline = rssMb();
    const { ms, bytes, rows, peak } = await download();
    if (rows !== total) throw new Error(`expected ${total} rows, got ${rows}`);
    console.log(
      `${String(run).padStart(3)}  ${baseline.toFixed(0).padStart(11)}  ${peak.toFixed(0).padStart(7)}  ${(peak - baseline).toFixed(0).padStart(9)}  ${(ms / 1000).toFixed(2).padStart(7)}  ${(rows / (ms / 1000)).toFixed(0).padStart(7)}  ${(bytes / 1048576).toFixed(1).padStart(6)}   ${loadAverage()}`,
    );
  }
} finally {
  child?.kill("SIGTERM");
  if (child) await exited(child);
  await database.drop();
}
