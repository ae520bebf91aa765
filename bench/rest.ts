// REST benchmark: starts the real server in this process over a fresh seeded database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL) and loads a few endpoints with autocannon. Figures are reported as
// ratios to /healthz measured in the same run, so they compare across machines.
//   pnpm bench:rest            (PGlite)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:rest
import autocannon from "autocannon";
import { configureLogging } from "../packages/api/src/logger.js";
import { startTestServer } from "../packages/api/src/test/harness.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
// A line per request would cost the measured server time and bury the figures.
configureLogging({ level: "warn" });
const server = await startTestServer();
const token = await server.login("agent@northwind.test");

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

async function load(name: string, path: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url: server.url + path, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx responses`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const auth = { authorization: `Bearer ${token}` };
const rows = [
  await load("GET /healthz (baseline)", "/healthz"),
  await load("GET /api/auth/me (REST)", "/api/auth/me", auth),
  await load("GET /trpc/auth.me (tRPC)", "/trpc/auth.me", auth),
];
await server.close();

const baseline = rows[0]!.rps;
console.log(`database: ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}, ${DURATION_S}s each, 10 connections`);
console.log("endpoint                        req/s    p50 ms  p99 ms  throughput vs baseline");
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)}  ${(r.rps / baseline).toFixed(2)}x`,
  );
}
