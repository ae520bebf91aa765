// The reminder of a short day (docs/features.md §10, "Reminders"), on a Toronto calendar in March 2027
// (before the clocks change: Toronto is UTC-5): one row and one mail per person and day, whoever runs the
// task and however often; nothing before 07:00 or on a weekend or holiday, nor for days
// before the reminder was switched on or the person joined; the banner over REST, each person's own only.
import { beforeAll, describe, expect, it } from "vitest";
import {
  and,
  appSettings,
  count,
  eq,
  outbox,
  slaCalendar,
  timeEntries,
  timeReminders,
  users,
  workTypes,
} from "@repo/db";
import type { TimeReminder } from "@repo/validators";
import { ACME, ADMIN, AGENT, VIEWER, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";
import { localDate } from "../sla/calendar.js";
import { sendTimeReminders } from "./reminders.js";

const SECOND_AGENT = "jamie@northwind.test";
const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
let ids: Record<string, string>;

/** The instant the Toronto wall clock shows `time` on `date` (March 2027, before daylight time: UTC-5). */
const toronto = (date: string, time = "08:00") => new Date(`${date}T${time}:00-05:00`);
const run = (date: string, time?: string) => sendTimeReminders(server.services.db, toronto(date, time));
const sent = (reminders: { userId: string; date: string }[]) =>
  reminders.map((r) => [Object.keys(ids).find((email) => ids[email] === r.userId), r.date]).sort();

async function record(email: string, date: string, minutes: number) {
  const [type] = await server.services.db.select({ id: workTypes.id }).from(workTypes).limit(1);
  await server.services.db
    .insert(timeEntries)
    .values({ userId: ids[email]!, workDate: date, minutes, workTypeId: type!.id, billable: false });
}
async function remindersOf(date: string) {
  const rows = await server.services.db
    .select({ userId: timeReminders.userId })
    .from(timeReminders)
    .where(eq(timeReminders.workDate, date));
  return rows.map((r) => Object.keys(ids).find((email) => ids[email] === r.userId)).sort();
}
async function reminderMails(email: string) {
  return (await server.mailsTo(email)).filter((m) => m.kind === "time.reminder");
}
const banner = async (email: string, token = tokens[email]) => {
  const res = await server.request("/api/time/reminder", { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as TimeReminder).reminder;
};
const dismiss = (email: string, date: string) =>
  server.request("/api/time/reminder/dismiss", { method: "POST", json: { date }, token: tokens[email] });

beforeAll(async () => {
  const db = server.services.db;
  const [agent] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, AGENT));
  await db
    .insert(users)
    .values({ email: SECOND_AGENT, name: "Jamie Ortiz", role: "AGENT", passwordHash: agent!.passwordHash });
  tokens[SECOND_AGENT] = await server.login(SECOND_AGENT);
  ids = await userIds(server);
  // The calendar's holiday: Wednesday March 10, 2027.
  await db.update(slaCalendar).set({ holidays: [{ date: "2027-03-10", name: "Test holiday" }] });
});

describe("sending", () => {
  it("starts with the day it is first seen on: no reminder of the days before (no flood on first start)", async () => {
    expect(await run("2027-03-01")).toEqual([]);
    expect(await remindersOf("2027-02-26")).toEqual([]);
  });

  it("reminds the one ADMIN or AGENT under the expected day, once, by one mail, from 07:00", async () => {
    await record(AGENT, "2027-03-02", 300); // under 7 h
    await record(AGENT, "2027-03-02", 60); // still under: the day's entries are summed
    await record(SECOND_AGENT, "2027-03-02", 480); // over
    await record(ADMIN, "2027-03-02", 420); // exactly the expected day: not short
    expect(await run("2027-03-03", "06:59")).toEqual([]);

    const first = await run("2027-03-03", "07:00");
    expect(first).toEqual([{ userId: ids[AGENT], date: "2027-03-02", minutesRecorded: 360 }]);
    expect(await remindersOf("2027-03-02")).toEqual([AGENT]);
    const [mail, ...more] = await reminderMails(AGENT);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Time to record: Tue, Mar 2");
    expect(mail!.text).toContain(
      "Your timesheet shows 6 h on Tuesday, March 2, 2027, less than the 7 h of a working day.",
    );
    expect(mail!.text).toContain("/time?week=2027-03-01");
    for (const other of [SECOND_AGENT, ADMIN, VIEWER]) expect(await reminderMails(other)).toEqual([]);
  });

  it("gives one reminder however often and by however many instances it runs", async () => {
    expect(await run("2027-03-03", "09:00")).toEqual([]);
    const [a, b] = await Promise.all([run("2027-03-03", "10:00"), run("2027-03-03", "10:00")]);
    expect([...a, ...b]).toEqual([]);
    expect(await reminderMails(AGENT)).toHaveLength(1);

    // Nobody recorded anything on Wednesday the 3rd: two runs race for the three reminders of Thursday.
    const [c, d] = await Promise.all([run("2027-03-04"), run("2027-03-04")]);
    expect(sent([...c, ...d])).toEqual([
      [ADMIN, "2027-03-03"],
      [AGENT, "2027-03-03"],
      [SECOND_AGENT, "2027-03-03"],
    ]);
    expect(await remindersOf("2027-03-03")).toEqual([ADMIN, AGENT, SECOND_AGENT].sort());
    const [mails] = await server.services.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.kind, "time.reminder"), eq(outbox.to, SECOND_AGENT)));
    expect(mails!.n).toBe(1);
  });

  it("sends nothing on a weekend or a holiday, and reminds of the working day before them", async () => {
    expect(await run("2027-03-06")).toEqual([]); // Saturday
    expect(await run("2027-03-07")).toEqual([]); // Sunday
    await record(AGENT, "2027-03-05", 420);
    await record(ADMIN, "2027-03-05", 420);
    // Monday reminds of Friday (not of the weekend).
    expect(sent(await run("2027-03-08"))).toEqual([[SECOND_AGENT, "2027-03-05"]]);
    expect(await remindersOf("2027-03-06")).toEqual([]);

    await record(AGENT, "2027-03-09", 420);
    await record(ADMIN, "2027-03-09", 420);
    await record(SECOND_AGENT, "2027-03-09", 400);
    expect(await run("2027-03-10")).toEqual([]); // the holiday
    // Somebody who joins on the holiday had no Tuesday to record.
    await server.services.db.insert(users).values({
      email: "late@northwind.test",
      name: "Lee Late",
      role: "AGENT",
      passwordHash: "x",
      createdAt: toronto("2027-03-10", "12:00"),
    });
    // Thursday reminds of Tuesday: the holiday is no working day, so nobody is short on it.
    expect(sent(await run("2027-03-11"))).toEqual([[SECOND_AGENT, "2027-03-09"]]);
    expect(await remindersOf("2027-03-10")).toEqual([]);
  });
});

describe("the banner", () => {
  it("shows the newest reminder not dismissed whose day is still short, to its person only", async () => {
    // The agent was reminded of the 2nd (6 h) and the 3rd (nothing).
    expect(await banner(AGENT)).toEqual({ date: "2027-03-03", minutesRecorded: 0, minutesExpected: 420 });
    expect(await banner(SECOND_AGENT)).toEqual({ date: "2027-03-09", minutesRecorded: 400, minutesExpected: 420 });
    expect(await banner(VIEWER)).toBeNull();
    await expectRefused(
      await server.request("/api/time/reminder", { token: tokens[ACME] }),
      403,
      "Staff access only",
      "FORBIDDEN",
    );
  });

  it("goes once the day's minutes reach the expected day", async () => {
    await record(AGENT, "2027-03-03", 419);
    expect(await banner(AGENT)).toEqual({ date: "2027-03-03", minutesRecorded: 419, minutesExpected: 420 });
    await record(AGENT, "2027-03-03", 1);
    expect(await banner(AGENT)).toEqual({ date: "2027-03-02", minutesRecorded: 360, minutesExpected: 420 });
  });

  it("is dismissed by its person only; another's dismissal touches their own reminder", async () => {
    // The second agent dismisses the 2nd: they had none that day.
    await expectRefused(await dismiss(SECOND_AGENT, "2027-03-02"), 404, "Reminder not found", "NOT_FOUND");
    // The admin dismisses their own reminder of the 3rd; the agent's of the 2nd stays.
    expect((await dismiss(ADMIN, "2027-03-03")).status).toBe(200);
    expect(await banner(ADMIN)).toBeNull();
    expect(await banner(AGENT)).toEqual({ date: "2027-03-02", minutesRecorded: 360, minutesExpected: 420 });

    expect((await dismiss(AGENT, "2027-03-02")).status).toBe(200);
    expect((await dismiss(AGENT, "2027-03-02")).status).toBe(200);
    expect(await banner(AGENT)).toBeNull();
    const [row] = await server.services.db
      .select({ dismissedAt: timeReminders.dismissedAt })
      .from(timeReminders)
      .where(and(eq(timeReminders.userId, ids[AGENT]!), eq(timeReminders.workDate, "2027-03-02")));
    expect(row!.dismissedAt).toBeInstanceOf(Date);
  });

  it("refuses a date that is no day, and a client", async () => {
    const res = await dismiss(AGENT, "2027-02-30");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Date must be a real day" });
    expect((await dismiss(ACME, "2027-03-02")).status).toBe(403);
  });
});

describe("switched off", () => {
  it("sends nothing and shows nothing while the expected day is 0", async () => {
    const settings = { roundingMinutes: 6, expectedMinutesPerDay: 0 };
    const put = await server.request("/api/time/settings", { method: "PUT", json: settings, token: tokens[ADMIN] });
    expect(put.status).toBe(200);
    expect(await banner(SECOND_AGENT)).toBeNull();
    expect(await run("2027-03-12")).toEqual([]);
    expect(await remindersOf("2027-03-11")).toEqual([]);
    expect(await switchedOnSince()).toBeUndefined();
  });

  it("counts from the day an admin switches them back on", async () => {
    const settings = { roundingMinutes: 6, expectedMinutesPerDay: 450 };
    const put = await server.request("/api/time/settings", { method: "PUT", json: settings, token: tokens[ADMIN] });
    expect(put.status).toBe(200);
    expect(await switchedOnSince()).toBe(localDate(new Date()));
  });
});

async function switchedOnSince() {
  const [row] = await server.services.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, "time.reminders"));
  return (row?.value as { since: string } | undefined)?.since;
}
