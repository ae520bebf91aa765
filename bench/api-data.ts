// The data bench:api serves: a fresh PostgreSQL database (or a PGlite folder, BENCH_DB=pglite) with the demo seed, about 20,000 tickets the
// staff list pages through (1,000 of them Acme Dental's, the client side), a ticket with comments, and
// a session for the agent and for Acme's client, made as a sign-in makes them.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle, seedDemo } from "@repo/db";
import { freshDatabase } from "./fresh-database.js";
import { createSession, generateSessionToken } from "../packages/api/src/auth/session.js";
import { createLocalBus } from "../packages/api/src/events.js";
import { sweepSla } from "../packages/api/src/sla/sweep.js";
import { systemScope } from "../packages/api/src/auth/scope.js";

export const STAFF_TICKETS = Number(process.env.BENCH_TICKETS ?? 20_000);
export const CLIENT_TICKETS = 1_000;

// biome-ignore lint/suspicious/noExplicitAny: a row is whatever the statement selects
type Raw = <T extends readonly unknown[] = any[]>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T>;

/** The PostgreSQL database bench:api serves: fresh, seeded, dropped by `database.drop()`. */
export async function benchDatabase() {
  const database = await freshDatabase(4);
  return { database, ...(await seedBenchData(database.raw as unknown as Raw, database.handle)) };
}

/**
 * The same data in PGlite, for BENCH_DB=pglite: seeded once in a folder of its own, then copied for each
 * server (PGlite is one process's database).
 */
export async function benchPgliteData() {
  const dir = mkdtempSync(join(os.tmpdir(), "nw-bench-pglite-"));
  const seeded = join(dir, "seeded");
  const handle = await createDatabase({ dataDir: seeded });
  await seedDemo(handle.db);
  // drizzle's PGlite client, for its template queries (PGlite is a dependency of @repo/db, not of the root).
  const client = (handle.db as unknown as { $client: { sql: (...args: unknown[]) => Promise<{ rows: unknown[] }> } })
    .$client;
  const raw: Raw = async (strings, ...values) => (await client.sql(strings, ...values)).rows as never;
  const data = await seedBenchData(raw, handle);
  await handle.close();
  console.log(`PGlite data in ${seeded}`);
  return {
    ...data,
    dir,
    /** A copy of the seeded data folder at `to`, for one server. */
    copyTo(to: string) {
      cpSync(seeded, to, { recursive: true });
      return to;
    },
    drop() {
      if (process.env.KEEP_DB) console.log(`kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tickets, comments and sessions of bench:api, on top of the demo seed, through `raw` (either engine). */
async function seedBenchData(raw: Raw, handle: DatabaseHandle) {
  const [acme] = await raw<{ id: string }[]>`select id from clients where name = 'Acme Dental'`;
  const [birch] = await raw<{ id: string }[]>`select id from clients where name = 'Birch Legal'`;
  const [agent] = await raw<{ id: string }[]>`select id from users where email = 'agent@northwind.test'`;
  const [{ n: acmeHas }] = await raw<
    { n: number }[]
  >`select count(*)::int as n from tickets where client_id = ${acme!.id}`;
  const [{ n: allHave }] = await raw<{ n: number }[]>`select count(*)::int as n from tickets`;
  const forAcme = Math.max(0, CLIENT_TICKETS - acmeHas!);
  const forBirch = Math.max(0, STAFF_TICKETS - allHave! - forAcme);
  await raw`
    insert into tickets (id, title, description, type, priority, status, requester_name, requester_email,
                         client_id, assignee_id, tags, source, created_at, updated_at, resolution_due_at)
    select gen_random_uuid(),
           (array['Printer','Laptop','Email','VPN','Server','Wi-Fi','Backup','Phone','Scanner','Monitor'])[1 + i % 10]
             || ' ' || (array['jams','is offline','is slow','crashes','needs setup','not syncing'])[1 + (i / 10) % 6]
             || ' at site ' || (i % 97),
           'Reported from workstation ' || md5(i::text) || '. Users are affected since the morning.',
           (array['INCIDENT','REQUEST','TASK'])[1 + i % 3]::ticket_type,
           (array['P1','P2','P3','P4'])[1 + (i / 7) % 4]::ticket_priority,
           (array['NEW','TRIAGED','IN_PROGRESS','WAITING_CUSTOMER','ON_HOLD','RESOLVED','CLOSED'])[1 + (i / 3) % 7]::ticket_status,
           'Requester ' || (i % 500), 'user' || (i % 500) || '@example.test',
           case when i <= ${forAcme}::int then ${acme!.id}::uuid else ${birch!.id}::uuid end,
           case when i % 4 = 0 then ${agent!.id}::uuid end,
           '{}', 'client',
           now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60),
           now() - make_interval(secs => i * 60) + interval '3 days'
    from generate_series(1, ${forAcme + forBirch}::int) as i`;
  // The ticket "one ticket with comments" reads: Acme's newest, with a dozen comments.
  const [ticket] = await raw<{ id: string }[]>`
    select id from tickets where client_id = ${acme!.id} order by created_at desc, id desc limit 1`;
  await raw`
    insert into ticket_comments (id, ticket_id, author_id, author_name, content, internal, created_at)
    select gen_random_uuid(), ${ticket!.id}::uuid, ${agent!.id}::uuid, 'Alex Agent', 'Update ' || i || ': checked the spooler.',
           i % 3 = 0, now() - make_interval(secs => (20 - i) * 60)
    from generate_series(1, 12) as i`;
  // Comments are written to another ticket, so that the ticket read keeps its dozen.
  const [commentTicket] = await raw<{ id: string }[]>`
    select id from tickets where client_id = ${birch!.id} order by created_at desc, id desc limit 1`;
  // The SLA sweep runs here, once, and its mails count as sent: otherwise our server would spend the
  // measured seconds flagging 20,000 overdue tickets and rendering their mails, which raw never does.
  await sweepSla(handle.db, createLocalBus(), systemScope("job"));
  await raw`update outbox set status = 'sent', sent_at = now() where status = 'pending'`;
  await raw`vacuum (analyze)`;
  const signIn = async (email: string) => {
    const [user] = await raw<{ id: string }[]>`select id from users where email = ${email}`;
    const token = generateSessionToken();
    await createSession(handle.db, token, user!.id);
    return token;
  };
  return {
    ticketId: ticket!.id,
    commentTicketId: commentTicket!.id,
    clientId: birch!.id,
    staffToken: await signIn("agent@northwind.test"),
    clientToken: await signIn("client@acme.test"),
  };
}
