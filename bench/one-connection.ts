// bench:one-connection (docs/performance.md §10g): six small reads sent together, through the pool (each
// to its own connection, as Promise.all on the handle does) against on one reserved connection (as
// onOneConnection in packages/db does), alternated in one process: this process's CPU and the wall time
// per six, and their ratio. PostgreSQL only (TEST_DATABASE_URL, or the local server).
//   pnpm bench:one-connection      BENCH_ROUNDS=3 BENCH_ITERATIONS=3000
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type postgresType from "postgres";
import { loadAverage } from "./server-process.js";

// postgres.js is a dependency of @repo/db, not of the workspace root: load it from there.
const postgres = createRequire(resolve("packages/db/package.json"))("postgres") as typeof postgresType;

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const N = Number(process.env.BENCH_ITERATIONS ?? 3000);
const sql = postgres(url, { max: 10, onnotice: () => {} });
type Sql = postgresType.Sql | postgresType.ReservedSql;
const six = (s: Sql) => Promise.all([1, 2, 3, 4, 5, 6].map((i) => s`select ${i}::int as n, pg_backend_pid() as pid`));
const ways = {
  pool: () => six(sql),
  one: async () => {
    const one = await sql.reserve();
    try {
      return await six(one);
    } finally {
      one.release();
    }
  },
};

/** µs of this process's CPU and of wall time per six reads. */
async function measure(fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / N, wall: ((performance.now() - t0) * 1000) / N };
}

console.log(`load average ${loadAverage()}; ${N} batches of six reads a side, ${ROUNDS} rounds`);
for (let r = 0; r < ROUNDS; r++) {
  const pool = await measure(ways.pool);
  const one = await measure(ways.one);
  console.log(
    `round ${r + 1}: pool ${pool.cpu.toFixed(0)} µs CPU, ${pool.wall.toFixed(0)} µs wall; one connection ` +
      `${one.cpu.toFixed(0)} µs CPU, ${one.wall.toFixed(0)} µs wall; one/pool CPU ${(one.cpu / pool.cpu).toFixed(2)}, ` +
      `wall ${(one.wall / pool.wall).toFixed(2)}`,
  );
}
console.log(`load average ${loadAverage()} (end)`);
await sql.end();
