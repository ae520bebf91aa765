// The daily rollups the time report reads (decision 0039) stay equal to sums over time_entries, whatever
// writes the entries: the procedures (record, several at once, edit, delete, the timer, approval, a reply's time, a deleted
// or merged ticket) and raw SQL (several rows at once, every summed column changed, rows deleted, a
// truncate). After each step, each rollup is compared with the same aggregate computed from the entries.
import { beforeAll, describe, expect, it } from "vitest";
import {
  asc,
  eq,
  isNotNull,
  sql,
  timeClientDays,
  timeEntries,
  timePersonDays,
  timeWorkTypeDays,
  workTypes,
} from "@repo/db";
import type { TimeEntry, WorkType } from "@repo/validators";
import { ACME, ADMIN, AGENT, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);
let ids: Record<string, string>;
let companies: { acme: string; birch: string };
let types: WorkType[];
const db = () => server.services.db;

const call = (method: string, path: string, email: string, json?: unknown) =>
  server.request(path, { method, json, token: tokens[email] });
async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const record = async (email: string, fields: Record<string, unknown>) =>
  ok<TimeEntry>(await call("POST", "/api/time/entries", email, { workTypeId: types[0]!.id, ...fields }));

async function newTicket(clientId: string, title: string): Promise<string> {
  const created = await ok<{ id: string }>(
    await call("POST", "/api/tickets", AGENT, {
      title,
      description: "Seeded for the rollup tests.",
      type: "INCIDENT",
      priority: "P3",
      status: "NEW",
      requesterName: "Pat Lee",
      requesterEmail: "pat@example.org",
      clientId,
    }),
  );
  return created.id;
}

const unapproved = sql`${timeEntries.approvedAt} is null`;
const sums = {
  minutes: sql<number>`sum(${timeEntries.minutes})::int`,
  billableMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)::int`,
  entries: sql<number>`count(*)::int`,
};

/** Each rollup as stored, and as computed from the entries; equal when the triggers did their work. */
async function expectRollupsMatchEntries() {
  const [people, peopleFromEntries, companiesStored, companiesFromEntries, kinds, kindsFromEntries] = await Promise.all(
    [
      db().select().from(timePersonDays).orderBy(asc(timePersonDays.workDate), asc(timePersonDays.userId)),
      db()
        .select({
          workDate: timeEntries.workDate,
          userId: timeEntries.userId,
          ...sums,
          unapprovedMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${unapproved}), 0)::int`,
          unapprovedEntries: sql<number>`(count(*) filter (where ${unapproved}))::int`,
        })
        .from(timeEntries)
        .groupBy(timeEntries.workDate, timeEntries.userId)
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.userId)),
      db().select().from(timeClientDays).orderBy(asc(timeClientDays.workDate), asc(timeClientDays.clientId)),
      db()
        .select({ workDate: timeEntries.workDate, clientId: sql<string>`${timeEntries.clientId}`, ...sums })
        .from(timeEntries)
        .where(isNotNull(timeEntries.clientId))
        .groupBy(timeEntries.workDate, timeEntries.clientId)
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.clientId)),
      db().select().from(timeWorkTypeDays).orderBy(asc(timeWorkTypeDays.workDate), asc(timeWorkTypeDays.workTypeId)),
      db()
        .select({ workDate: timeEntries.workDate, workTypeId: timeEntries.workTypeId, ...sums })
        .from(timeEntries)
        .groupBy(timeEntries.workDate, timeEntries.workTypeId)
        .orderBy(asc(timeEntries.workDate), asc(timeEntries.workTypeId)),
    ],
  );
  expect(people).toEqual(peopleFromEntries);
  expect(companiesStored).toEqual(companiesFromEntries);
  expect(kinds).toEqual(kindsFromEntries);
  return { people, companies: companiesStored, kinds };
}

beforeAll(async () => {
  ids = await userIds(server);
  companies = await demoCompanies(server);
  types = await ok<WorkType[]>(await call("GET", "/api/time/work-types", ADMIN));
});

describe("the daily rollups", () => {
  it("follow entries written through the procedures", async () => {
    const acmeTicket = await newTicket(companies.acme, "Rollup Acme");
    const first = await record(AGENT, { ticketId: acmeTicket, date: "2026-04-06", minutes: 90 });
    await record(AGENT, { date: "2026-04-06", minutes: 20, workTypeId: types[3]!.id });
    await record(ADMIN, { ticketId: acmeTicket, date: "2026-04-07", minutes: 45, billable: false });
    const rolled = await expectRollupsMatchEntries();
    // The entry with no company is in the person's and the work type's day, not in a company's.
    expect(rolled.people.find((p) => p.userId === ids[AGENT] && p.workDate === "2026-04-06")).toMatchObject({
      minutes: 110,
      billableMinutes: 90,
      entries: 2,
      unapprovedEntries: 2,
    });
    expect(rolled.companies.filter((c) => c.workDate === "2026-04-06")).toEqual([
      { workDate: "2026-04-06", clientId: companies.acme, minutes: 90, billableMinutes: 90, entries: 1 },
    ]);

    // Writers at once on the same day's rows (on PostgreSQL, over several connections) lose no count.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        record(i % 2 === 0 ? AGENT : ADMIN, { ticketId: acmeTicket, date: "2026-04-11", minutes: 5 + i }),
      ),
    );
    const together = await expectRollupsMatchEntries();
    expect(together.companies.find((c) => c.workDate === "2026-04-11")).toMatchObject({ minutes: 126, entries: 12 });

    // An edit moves the minutes to another day, and changes them.
    await ok(
      await call("PATCH", `/api/time/entries/${first.id}`, AGENT, { date: "2026-04-08", minutes: 75, version: 1 }),
    );
    await expectRollupsMatchEntries();

    // The timer records its minute; a reply's time spent records an entry in the comment's transaction.
    await ok(await call("POST", "/api/time/timer", AGENT, { ticketId: acmeTicket }));
    await ok(await call("POST", "/api/time/timer/stop", AGENT, {}));
    await ok(
      await call("POST", `/api/tickets/${acmeTicket}/comments`, AGENT, {
        content: "Cleared the queue.",
        internal: true,
        timeSpent: { minutes: 25 },
      }),
    );
    await expectRollupsMatchEntries();

    // Approving the week moves its minutes out of "unapproved"; the day's totals stay.
    const week = `/api/time/timesheets/${ids[AGENT]}/2026-04-06`;
    await ok(await call("POST", `${week}/submit`, AGENT, {}));
    await ok(await call("POST", `${week}/approve`, ADMIN, {}));
    const approved = await expectRollupsMatchEntries();
    expect(approved.people.find((p) => p.userId === ids[AGENT] && p.workDate === "2026-04-08")).toMatchObject({
      minutes: 75,
      unapprovedMinutes: 0,
      unapprovedEntries: 0,
    });

    // A merge moves the duplicate's entries to the kept ticket; a deleted ticket leaves its time.
    const duplicate = await newTicket(companies.acme, "Rollup duplicate");
    const kept = await newTicket(companies.acme, "Rollup kept");
    await record(ADMIN, { ticketId: duplicate, date: "2026-04-09", minutes: 30 });
    await ok(await call("POST", `/api/tickets/${duplicate}/merge`, AGENT, { targetId: kept }));
    await ok(await call("DELETE", `/api/tickets/${kept}`, ADMIN));
    await expectRollupsMatchEntries();

    // Deleting the last entry of a day deletes the day's rows.
    const alone = await record(ADMIN, { ticketId: acmeTicket, date: "2026-04-10", minutes: 10 });
    await ok(await call("DELETE", `/api/time/entries/${alone.id}`, ADMIN));
    const after = await expectRollupsMatchEntries();
    expect(after.people.some((p) => p.workDate === "2026-04-10")).toBe(false);
    expect(after.companies.some((c) => c.workDate === "2026-04-10")).toBe(false);
    expect(after.kinds.some((k) => k.workDate === "2026-04-10")).toBe(false);
  });

  it("follow raw SQL: rows in bulk, every summed column changed, rows deleted, a truncate", async () => {
    const [internal] = await db().select().from(workTypes).where(eq(workTypes.name, "Internal"));
    await db().execute(sql`
      insert into time_entries (id, user_id, client_id, work_date, minutes, work_type_id, billable, approved_at)
      select gen_random_uuid(),
             case when i % 2 = 0 then ${ids[AGENT]}::uuid else ${ids[ADMIN]}::uuid end,
             case i % 3 when 0 then null when 1 then ${companies.acme}::uuid else ${companies.birch}::uuid end,
             date '2026-05-04' + (i % 5), 5 + i, case when i % 2 = 0 then ${types[0]!.id}::uuid else ${types[3]!.id}::uuid end, i % 4 <> 0,
             case when i % 5 = 0 then now() end
      from generate_series(1, 60) as i`);
    await expectRollupsMatchEntries();

    const may = sql`${timeEntries.workDate} between '2026-05-04' and '2026-05-08'`;
    // Each column the rollups sum or group by, changed on many rows in one statement.
    await db()
      .update(timeEntries)
      .set({ minutes: sql`${timeEntries.minutes} + 7` })
      .where(may);
    await db()
      .update(timeEntries)
      .set({ workDate: sql`${timeEntries.workDate} + 1` })
      .where(sql`${may} and ${timeEntries.minutes} % 2 = 0`);
    await db()
      .update(timeEntries)
      .set({ userId: ids[ADMIN] })
      .where(sql`${may} and ${timeEntries.userId} = ${ids[AGENT]} and ${timeEntries.minutes} % 3 = 0`);
    await db()
      .update(timeEntries)
      .set({ clientId: sql`case when ${timeEntries.clientId} is null then ${companies.birch}::uuid end` })
      .where(sql`${may} and ${timeEntries.minutes} % 4 = 1`);
    await db()
      .update(timeEntries)
      .set({ billable: sql`not ${timeEntries.billable}`, workTypeId: internal!.id })
      .where(sql`${may} and ${timeEntries.minutes} % 5 = 2`);
    await db()
      .update(timeEntries)
      .set({ approvedAt: sql`case when ${timeEntries.approvedAt} is null then now() end` })
      .where(may);
    await db().update(timeEntries).set({ note: "Only the note" }).where(may);
    await expectRollupsMatchEntries();

    await db().delete(timeEntries).where(sql`${may} and ${timeEntries.minutes} % 2 = 1`);
    await expectRollupsMatchEntries();

    await db().execute(sql`truncate time_entries cascade`);
    const emptied = await expectRollupsMatchEntries();
    expect([emptied.people, emptied.companies, emptied.kinds]).toEqual([[], [], []]);
  });
});
