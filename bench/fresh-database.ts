// A fresh PostgreSQL database for an in-process bench: migrated and seeded with the demo data, with a raw
// postgres.js client beside drizzle for the hand-written side, dropped at the end unless KEEP_DB is set.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { createDatabase, type DatabaseHandle, eq, seedDemo, users } from "@repo/db";
import { testConfig } from "../packages/api/src/config.js";
import { createLocalBus } from "../packages/api/src/events.js";
import { createCaller } from "../packages/api/src/root.js";

// postgres.js is a dependency of @repo/db, not of the workspace root: load it from there.
export const postgres = createRequire(resolve("packages/db/package.json"))(
  "postgres",
) as typeof import("postgres").default;

export async function freshDatabase(connections: number) {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  // BENCH_DB_PREFIX: a prefix of your own, when several people share one server. BENCH_REUSE_DB: the
  // name of a database a run kept (KEEP_DB), seeded already: migrated to the code's schema, then benched
  // again, and kept.
  const reused = process.env.BENCH_REUSE_DB;
  const name = reused ?? `${process.env.BENCH_DB_PREFIX ?? "nw_bench_"}${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (!reused) await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  console.log(`database ${name} on ${url.host}`);
  const handle = await createDatabase({ url: url.toString(), maxConnections: connections });
  if (!reused) await seedDemo(handle.db);
  const raw = postgres(url.toString(), { max: connections, onnotice: () => {} });
  return {
    handle,
    raw,
    url: url.toString(),
    reused: reused !== undefined,
    async drop() {
      await raw.end();
      await handle.close();
      if (process.env.KEEP_DB || reused) console.log(`kept database ${name}`);
      else await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** The procedures as the user with this address calls them: authorization, zod, drizzle, serialization. */
export async function callerFor(handle: DatabaseHandle, email: string) {
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return createCaller({
    database: handle,
    db: handle.db,
    bus: createLocalBus(),
    config: testConfig(),
    headers: new Headers(),
    ip: "127.0.0.1",
    resHeaders: new Headers(),
    user: { id: user.id, name: user.name, email: user.email, role: user.role, clientId: user.clientId },
    session: { id: "bench", userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
}
