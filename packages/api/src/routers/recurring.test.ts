// Recurring tickets (docs/features.md §16) over REST: who may read and write schedules, the rule's check
// and preview in Toronto time, and the periodic task at a controlled clock: one ticket per occurrence,
// skipped while the previous one is open, only the latest after downtime, each company's own schedules.
import { describe, expect, it } from "vitest";
import { auditLogs, count, eq, outbox, recurringTickets, tickets } from "@repo/db";
import type { RecurrencePreview, RecurringTicket, RecurringTicketRun } from "@repo/validators";
import { NotFoundError } from "../errors.js";
import { runDueRecurringTickets } from "../recurring/runner.js";
import { getRecurringTicket, listRecurringTickets } from "../recurring/schedules.js";
import { ACME, ADMIN, AGENT, demoCompanies, userIds, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);

const call = (method: string, path: string, json?: unknown, email = ADMIN) =>
  server.request(path, { method, json, token: tokens[email] });

/** A daily 09:00 Toronto schedule starting in January 2027 (after the real clock's now). */
async function create(fields: Record<string, unknown> = {}): Promise<RecurringTicket> {
  const { acme } = await demoCompanies(server);
  const res = await call("POST", "/api/recurring-tickets", {
    name: "Acme backups",
    clientId: acme,
    title: "Check Acme's backups",
    description: "Open the backup console and check last night's jobs.",
    rrule: "FREQ=DAILY",
    dtstart: "2027-01-04T09:00",
    ...fields,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as RecurringTicket;
}

const scheduleCount = async () => (await server.services.db.select({ n: count() }).from(recurringTickets))[0]!.n;
/** The task at `at`, as one instance runs it; what it did for `schedule` (other tests' schedules run too). */
const run = async (at: string, schedule: { id: string }) =>
  (await runDueRecurringTickets(server.services.db, server.services.bus, new Date(at))).filter(
    (r) => r.scheduleId === schedule.id,
  );
const runs = async (id: string) =>
  (await (await call("GET", `/api/recurring-tickets/${id}/runs`)).json()) as RecurringTicketRun[];
const closeTicket = (id: string) =>
  server.services.db.update(tickets).set({ status: "RESOLVED" }).where(eq(tickets.id, id));

describe("schedules", () => {
  it("an admin creates one; it answers its rule in words and its next run in UTC", async () => {
    const schedule = await create({ name: "Second Monday", rrule: "FREQ=MONTHLY;BYDAY=2MO" });
    expect(schedule).toMatchObject({
      clientName: "Acme Dental",
      rrule: "FREQ=MONTHLY;BYDAY=2MO",
      timeZone: "America/Toronto",
      scheduleText: "every month on the 2nd Monday",
      enabled: true,
      skipIfOpen: true,
      type: "TASK",
      priority: "P3",
      // 11 January 2027, 09:00 EST.
      nextRunAt: "2027-01-11T14:00:00.000Z",
      lastRunAt: null,
      createdByName: expect.any(String),
    });
    const listed = (await (await call("GET", "/api/recurring-tickets", undefined, AGENT)).json()) as RecurringTicket[];
    expect(listed.map((s) => s.id)).toContain(schedule.id);
  });

  it("staff read, only an admin writes, a client reaches nothing", async () => {
    const schedule = await create();
    expect((await call("GET", `/api/recurring-tickets/${schedule.id}`, undefined, VIEWER)).status).toBe(200);
    expect((await call("PATCH", `/api/recurring-tickets/${schedule.id}`, { name: "x" }, AGENT)).status).toBe(403);
    expect((await call("DELETE", `/api/recurring-tickets/${schedule.id}`, undefined, VIEWER)).status).toBe(403);
    expect((await call("GET", "/api/recurring-tickets", undefined, ACME)).status).toBe(403);
    expect((await call("GET", `/api/recurring-tickets/${schedule.id}/runs`, undefined, ACME)).status).toBe(403);
    await expectRefused(
      await call("GET", "/api/recurring-tickets/0190a0a0-0000-7000-8000-000000000000"),
      404,
      "Recurring ticket not found",
      "NOT_FOUND",
    );
  });

  it("refuses an invalid RRULE with its reason, and saves nothing", async () => {
    const before = await scheduleCount();
    const { acme } = await demoCompanies(server);
    const base = { name: "Bad", clientId: acme, title: "Title", description: "Text", dtstart: "2027-01-04T09:00" };
    const refused = async (rrule: string, message: RegExp, dtstart = base.dtstart) => {
      const res = await call("POST", "/api/recurring-tickets", { ...base, rrule, dtstart });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    };
    await refused("FREQ=MONTHLY;BYDAY=2XX", /not a valid RRULE.*Example: FREQ=MONTHLY;BYDAY=2MO/);
    await refused("BYDAY=2MO", /The schedule needs a FREQ/);
    await refused("FREQ=MINUTELY;INTERVAL=15", /at most once an hour/);
    await refused("FREQ=DAILY;COUNT=1", /This schedule has no dates to come/, "2026-01-04T09:00");
    const dated = await call("POST", "/api/recurring-tickets", { ...base, rrule: "FREQ=DAILY", dtstart: "tomorrow" });
    expect(dated.status).toBe(400);
    expect(await scheduleCount()).toBe(before);
  });

  it("an edit re-plans the next run; switched off and on, it runs from its next date", async () => {
    const schedule = await create();
    const moved = await call("PATCH", `/api/recurring-tickets/${schedule.id}`, {
      rrule: "FREQ=WEEKLY;BYDAY=FR",
      dtstart: "2027-01-04T16:30",
    });
    expect(((await moved.json()) as RecurringTicket).nextRunAt).toBe("2027-01-08T21:30:00.000Z");
    const off = await call("PUT", `/api/recurring-tickets/${schedule.id}/enabled`, { enabled: false });
    expect(((await off.json()) as RecurringTicket).enabled).toBe(false);
    expect(await run("2027-01-08T21:31:00Z", schedule)).toEqual([]);
    const bad = await call("PATCH", `/api/recurring-tickets/${schedule.id}`, { rrule: "FREQ=SECONDLY" });
    expect(bad.status).toBe(400);
    expect((await call("DELETE", `/api/recurring-tickets/${schedule.id}`)).status).toBe(200);
    expect((await call("GET", `/api/recurring-tickets/${schedule.id}`)).status).toBe(404);
  });
});

describe("the preview", () => {
  it("answers the next five dates at the rule's Toronto wall time, across a DST change", async () => {
    // Every other month: five dates span eight months, so one of the changes always falls among them.
    const query = new URLSearchParams({ rrule: "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1", dtstart: "2026-01-01T09:00" });
    const res = await call("GET", `/api/recurrence/preview?${query}`, undefined, AGENT);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as RecurrencePreview;
    expect(preview.scheduleText).toBe("every 2 months on the 1st");
    expect(preview.dates).toHaveLength(5);
    const toronto = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Toronto",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    expect(preview.dates.map((d) => toronto.format(new Date(d)))).toEqual(Array(5).fill("09:00"));
    expect(new Set(preview.dates.map((d) => new Date(d).getUTCHours()))).toEqual(new Set([13, 14]));
    expect(preview.dates.every((d) => new Date(d) > new Date(Date.now() - 60_000))).toBe(true);
  });

  it("answers a bad rule with 400 and its reason", async () => {
    const query = new URLSearchParams({ rrule: "FREQ=HOURLY;BYMINUTE=0,20", dtstart: "2026-01-01T09:00" });
    await expectRefused(
      await call("GET", `/api/recurrence/preview?${query}`),
      400,
      "A schedule may run at most once an hour. Example: FREQ=MONTHLY;BYDAY=2MO (the second Monday of each month)",
      "BAD_REQUEST",
    );
  });
});

describe("the periodic task", () => {
  it("creates the ticket once at the rule's time, through the ticket service", async () => {
    const ids = await userIds(server);
    const schedule = await create({ name: "Morning check", assigneeId: ids[AGENT], tags: ["backups"], priority: "P2" });
    // 08:59 Toronto: not yet due.
    expect(await run("2027-01-04T13:59:00Z", schedule)).toEqual([]);
    const [first, again] = await Promise.all([
      run("2027-01-04T14:00:00Z", schedule),
      run("2027-01-04T14:00:00Z", schedule),
    ]);
    const done = [...first!, ...again!];
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ outcome: "created", occurrenceAt: new Date("2027-01-04T14:00:00Z") });
    expect(await run("2027-01-04T14:00:30Z", schedule)).toEqual([]);

    const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.id, done[0]!.ticketId!));
    expect(ticket).toMatchObject({
      title: "Check Acme's backups",
      priority: "P2",
      type: "TASK",
      assigneeId: ids[AGENT],
      tags: ["backups"],
      source: "staff",
      requesterEmail: "office@acme.test",
    });
    expect(ticket!.responseDueAt).not.toBeNull();
    const [audit] = await server.services.db.select().from(auditLogs).where(eq(auditLogs.ticketId, ticket!.id));
    expect(audit!.actorName).toBe("Recurring: Morning check");
    // The assignee is told, as of any ticket assigned by someone else; the contact gets no receipt.
    const mails = await server.services.db.select().from(outbox).where(eq(outbox.ticketId, ticket!.id));
    expect(mails.map((m) => m.to)).toEqual([AGENT]);

    const after = (await (await call("GET", `/api/recurring-tickets/${schedule.id}`)).json()) as RecurringTicket;
    expect(after).toMatchObject({ lastRunAt: "2027-01-04T14:00:00.000Z", nextRunAt: "2027-01-05T14:00:00.000Z" });
    const log = await runs(schedule.id);
    expect(log).toMatchObject([{ outcome: "created", ticketId: ticket!.id, ticketReference: expect.any(String) }]);
  });

  it("skips and logs an occurrence while the previous ticket is open, unless told not to", async () => {
    const schedule = await create({ name: "Skipper", dtstart: "2027-02-01T09:00" });
    const [created] = await run("2027-02-01T14:00:00Z", schedule);
    const [skipped] = await run("2027-02-02T14:00:00Z", schedule);
    expect(skipped).toMatchObject({ outcome: "skipped", ticketId: created!.ticketId });
    expect((await runs(schedule.id))[0]).toMatchObject({
      outcome: "skipped",
      ticketId: created!.ticketId,
      ticketReference: created!.ticketId!.slice(-8),
    });
    await closeTicket(created!.ticketId!);
    const [next] = await run("2027-02-03T14:00:00Z", schedule);
    expect(next).toMatchObject({ outcome: "created" });

    await call("PATCH", `/api/recurring-tickets/${schedule.id}`, { skipIfOpen: false });
    // The previous ticket (the 3rd's) is still open: without the setting, the 4th opens one regardless.
    const [regardless] = await run("2027-02-04T14:00:00Z", schedule);
    expect(regardless).toMatchObject({ outcome: "created", occurrenceAt: new Date("2027-02-04T14:00:00Z") });
  });

  it("after downtime creates only the latest missed occurrence", async () => {
    const schedule = await create({ name: "Downtime", dtstart: "2027-03-01T09:00" });
    // Down from 1 March to the afternoon of 10 March (the clocks changed on the 14th: still EST).
    const done = await run("2027-03-10T18:00:00Z", schedule);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ outcome: "created", occurrenceAt: new Date("2027-03-10T14:00:00Z") });
    expect((await runs(schedule.id)).map((r) => r.occurrenceAt)).toEqual(["2027-03-10T14:00:00.000Z"]);
    // Across the March change, 09:00 is 13:00 UTC.
    const [afterChange] = await run("2027-03-15T13:00:00Z", schedule);
    expect(afterChange).toMatchObject({ occurrenceAt: new Date("2027-03-15T13:00:00Z") });
  });
});

describe("company scope", () => {
  it("a company's scope reaches only its own company's schedules", async () => {
    const { acme, birch } = await demoCompanies(server);
    const ours = await create({ name: "Acme's" });
    const theirs = await create({ name: "Birch's", clientId: birch });
    const ids = await userIds(server);
    const acmeScope = { kind: "company" as const, clientId: acme, userId: ids[ACME]! };
    const seen = await listRecurringTickets(server.services.db, acmeScope);
    expect(seen.map((s) => s.id)).toContain(ours.id);
    expect(seen.every((s) => s.clientId === acme)).toBe(true);
    await expect(getRecurringTicket(server.services.db, acmeScope, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
