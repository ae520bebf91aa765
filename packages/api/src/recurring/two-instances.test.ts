// Two instances, each with its own connection pool, run the recurring-ticket task on one PostgreSQL database
// at the same instant, each twice at once: every due occurrence becomes exactly one ticket. This needs real
// row locks, so it always runs on PostgreSQL: TEST_DATABASE_URL's server, or the local one when unset.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  clients,
  createDatabase,
  type DatabaseHandle,
  eq,
  inArray,
  recurringTicketRuns,
  seedDemo,
  tickets,
  users,
} from "@repo/db";
import { createLocalBus } from "../events.js";
import { runDueRecurringTickets } from "./runner.js";
import { createRecurringTicket } from "./schedules.js";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `nw_recurring_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
let instanceA: DatabaseHandle;
let instanceB: DatabaseHandle;

beforeAll(async () => {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  instanceA = await createDatabase({ url: url.toString(), maxConnections: 4 });
  instanceB = await createDatabase({ url: url.toString(), maxConnections: 4, migrate: false });
  await seedDemo(instanceA.db);
});
afterAll(async () => {
  await instanceA?.close();
  await instanceB?.close();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

it("two instances at the rule's time create each due ticket exactly once", async () => {
  const [adminUser] = await instanceA.db.select().from(users).where(eq(users.role, "ADMIN")).limit(1);
  const companies = await instanceA.db.select().from(clients);
  const scope = { kind: "staff" as const, userId: adminUser!.id, role: "ADMIN" as const };
  // Ten schedules due at 09:00 Toronto on 4 January 2027 (14:00 UTC), for every company in turn.
  const schedules = [];
  for (let i = 0; i < 10; i++) {
    const company = companies[i % companies.length]!;
    schedules.push(
      await createRecurringTicket(instanceA.db, scope, {
        name: `Schedule ${i}`,
        clientId: company.id,
        title: `Recurring check ${i}`,
        description: "Check it.",
        priority: "P3",
        type: "TASK",
        tags: [],
        rrule: "FREQ=DAILY",
        dtstart: "2027-01-04T09:00",
        enabled: true,
        skipIfOpen: true,
      }),
    );
  }
  const ids = schedules.map((s) => s.id);
  const at = new Date("2027-01-04T14:00:00Z");
  const runs = await Promise.all(
    [instanceA, instanceB].flatMap((instance) => {
      const bus = createLocalBus();
      return [runDueRecurringTickets(instance.db, bus, at), runDueRecurringTickets(instance.db, bus, at)];
    }),
  );
  const done = runs.flat().filter((r) => ids.includes(r.scheduleId));
  expect(done).toHaveLength(10);
  expect(new Set(done.map((r) => r.scheduleId)).size).toBe(10);
  expect(done.every((r) => r.outcome === "created")).toBe(true);

  const created = await instanceB.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      inArray(
        tickets.title,
        schedules.map((s) => s.title),
      ),
    );
  expect(created).toHaveLength(10);
  const logged = await instanceB.db
    .select()
    .from(recurringTicketRuns)
    .where(inArray(recurringTicketRuns.scheduleId, ids));
  expect(logged).toHaveLength(10);

  // A minute later neither instance finds anything due; the next morning each schedule skips (still open).
  expect(await runDueRecurringTickets(instanceB.db, createLocalBus(), new Date("2027-01-04T14:01:00Z"))).toEqual([]);
  const nextDay = new Date("2027-01-05T14:00:00Z");
  const second = await Promise.all([
    runDueRecurringTickets(instanceA.db, createLocalBus(), nextDay),
    runDueRecurringTickets(instanceB.db, createLocalBus(), nextDay),
  ]);
  const skipped = second.flat().filter((r) => ids.includes(r.scheduleId));
  expect(skipped).toHaveLength(10);
  expect(skipped.every((r) => r.outcome === "skipped")).toBe(true);
});
