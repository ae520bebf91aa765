// Time on tickets over HTTP (docs/features.md §10): work types, entries and their durations, the single
// running timer across two sessions, timesheets (submit, lock, approve, return, reverse), drafts accepted
// once, each role's reach, and company isolation (Acme never sees Birch's time).
import { beforeAll, describe, expect, it } from "vitest";
import { and, auditLogs, eq, timeEntries, timeFocusSpans } from "@repo/db";
import { type TimeEntry, type Timesheet, type WorkType, ticketReference } from "@repo/validators";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let ids: Record<string, string>;
let companies: { acme: string; birch: string };
let types: WorkType[];
const remote = () => types.find((t) => t.name === "Remote support")!;
const travel = () => types.find((t) => t.name === "Travel")!;

const call = (method: string, path: string, email: string, json?: unknown, token = tokens[email]) =>
  server.request(path, { method, json, token });
async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
async function expectInvalid(res: Response, error: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error });
}

async function newTicket(clientId: string, title = "Printer jams on tray 2"): Promise<string> {
  const created = await ok<{ id: string }>(
    await call("POST", "/api/tickets", AGENT, {
      title,
      description: "Seeded for the time tests.",
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
const record = (email: string, fields: Record<string, unknown>) =>
  call("POST", "/api/time/entries", email, { workTypeId: remote().id, ...fields });

beforeAll(async () => {
  ids = await userIds(server);
  companies = await demoCompanies(server);
  types = await ok<WorkType[]>(await call("GET", "/api/time/work-types", ADMIN));
});

describe("work types", () => {
  it("start with the five defaults; rates are money an agent sees only when the settings allow", async () => {
    expect(types.map((t) => [t.name, t.defaultBillable, t.hourlyRateCents])).toEqual([
      ["Remote support", true, 12500],
      ["On-site", true, 15000],
      ["Project", true, 14000],
      ["Travel", false, 7500],
      ["Internal", false, 0],
    ]);
    const agentSees = await ok<WorkType[]>(await call("GET", "/api/time/work-types", AGENT));
    expect(agentSees.every((t) => t.hourlyRateCents === null)).toBe(true);
    const billing = await ok<Record<string, unknown>>(await call("GET", "/api/billing/settings", ADMIN));
    await ok(await call("PUT", "/api/billing/settings", ADMIN, { ...billing, agentsSeeMoney: true }));
    try {
      expect((await ok<WorkType[]>(await call("GET", "/api/time/work-types", AGENT)))[0]!.hourlyRateCents).toBe(12500);
    } finally {
      await ok(await call("PUT", "/api/billing/settings", ADMIN, { ...billing, agentsSeeMoney: false }));
    }
  });

  it("are kept by admins: a duplicate name or a fractional rate is refused", async () => {
    await expectRefused(
      await call("POST", "/api/time/work-types", AGENT, { name: "Audit", defaultBillable: true, hourlyRateCents: 100 }),
      403,
      "Administrators only",
      "FORBIDDEN",
    );
    await expectInvalid(
      await call("POST", "/api/time/work-types", ADMIN, {
        name: "Audit",
        defaultBillable: true,
        hourlyRateCents: 99.5,
      }),
      "Rate must be a whole number of cents",
    );
    const audit = await ok<WorkType>(
      await call("POST", "/api/time/work-types", ADMIN, {
        name: "Audit",
        defaultBillable: true,
        hourlyRateCents: 9000,
      }),
    );
    const again = await call("POST", "/api/time/work-types", ADMIN, {
      name: "Audit",
      defaultBillable: true,
      hourlyRateCents: 1,
    });
    expect(again.status).toBe(409);
    expect(
      (await ok<{ archived: boolean }>(await call("DELETE", `/api/time/work-types/${audit.id}`, ADMIN))).archived,
    ).toBe(false);
  });
});

describe("entries", () => {
  it("take durations as people type them, and copy the ticket's reference, title and company", async () => {
    const ticket = await newTicket(companies.acme);
    const typed = [
      ["25", 25],
      ["1h30", 90],
      ["1:30", 90],
      ["1.5h", 90],
      [45, 45],
    ] as const;
    for (const [minutes, expected] of typed) {
      const entry = await ok<TimeEntry>(await record(AGENT, { ticketId: ticket, date: "2026-02-02", minutes }));
      expect(entry.minutes).toBe(expected);
      expect(entry).toMatchObject({ ticketId: ticket, clientId: companies.acme, billable: true, editable: true });
      expect(entry.ticketReference).toBe(ticketReference(ticket));
    }
    await expectInvalid(
      await record(AGENT, { date: "2026-02-02", minutes: "an hour" }),
      "Time spent must be like 25, 1h30 or 1:30",
    );
    await expectInvalid(
      await record(AGENT, { date: "2026-02-02", minutes: "1h70" }),
      "Time spent must be like 25, 1h30 or 1:30",
    );
    await expectInvalid(
      await record(AGENT, { date: "2026-02-02", minutes: "25h" }),
      "Time spent must be at most 24 hours",
    );
    await expectInvalid(
      await record(AGENT, { date: "2026-02-02", minutes: 0 }),
      "Time spent must be at least 1 minute",
    );
    await expectInvalid(
      await record(AGENT, { date: "2026-02-02", minutes: "24:01" }),
      "Time spent must be at most 24 hours",
    );
    await expectInvalid(await record(AGENT, { date: "2026-02-30", minutes: 5 }), "Date must be a real day");
    const internal = await ok<TimeEntry>(
      await record(AGENT, { date: "2026-02-02", minutes: 30, workTypeId: travel().id }),
    );
    expect(internal).toMatchObject({ ticketId: null, clientId: null, billable: false, workTypeName: "Travel" });
    await expectRefused(
      await record(VIEWER, { date: "2026-02-02", minutes: 5 }),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
  });

  it("are each person's own: an agent changes only theirs and reads others' only on a ticket", async () => {
    const ticket = await newTicket(companies.acme);
    const admins = await ok<TimeEntry>(await record(ADMIN, { ticketId: ticket, date: "2026-02-03", minutes: 20 }));
    const agents = await ok<TimeEntry>(await record(AGENT, { ticketId: ticket, date: "2026-02-03", minutes: 10 }));
    await expectRefused(
      await call("PATCH", `/api/time/entries/${admins.id}`, AGENT, { minutes: 5 }),
      403,
      "You can change only your own time",
      "FORBIDDEN",
    );
    await expectRefused(
      await call("GET", `/api/time/entries?userId=${ids[ADMIN]}`, AGENT),
      403,
      "Agents read other people's time only on a ticket",
      "FORBIDDEN",
    );
    const onTicket = await ok<{ entries: TimeEntry[]; totalMinutes: number }>(
      await call("GET", `/api/time/entries?ticketId=${ticket}`, AGENT),
    );
    // The agent reads the admin's time on the ticket, and may change only their own.
    expect(onTicket.entries.map((e) => [e.userId, e.minutes, e.editable])).toEqual([
      [ids[ADMIN], 20, false],
      [ids[AGENT], 10, true],
    ]);
    expect(onTicket.totalMinutes).toBe(30);
    const changed = await ok<TimeEntry>(
      await call("PATCH", `/api/time/entries/${agents.id}`, AGENT, { minutes: "0:45" }),
    );
    expect(changed.minutes).toBe(45);
    expect((await call("PATCH", `/api/time/entries/${agents.id}`, AGENT, { minutes: 50, version: 1 })).status).toBe(
      409,
    );
    await ok(await call("DELETE", `/api/time/entries/${admins.id}`, ADMIN));
    await expectRefused(
      await call("GET", `/api/time/entries?ticketId=${ticket}`, ACME),
      403,
      "Staff access only",
      "FORBIDDEN",
    );
  });
});

describe("the running timer", () => {
  it("is one per person across sessions: two starts at once leave one timer and record the first once", async () => {
    const [a, b] = [await newTicket(companies.acme, "Timer A"), await newTicket(companies.acme, "Timer B")];
    const first = await server.login(AGENT);
    const second = await server.login(AGENT);
    const before = (await server.services.db.select().from(timeEntries).where(eq(timeEntries.userId, ids[AGENT]!)))
      .length;
    const started = await Promise.all([
      call("POST", "/api/time/timer", AGENT, { ticketId: a }, first),
      call("POST", "/api/time/timer", AGENT, { ticketId: b }, second),
    ]);
    expect(started.map((r) => r.status)).toEqual([200, 200]);
    const seen = await ok<{ timer: { ticketId: string } | null }>(
      await call("GET", "/api/time/timer", AGENT, undefined, first),
    );
    const other = await ok<{ timer: { ticketId: string } | null }>(
      await call("GET", "/api/time/timer", AGENT, undefined, second),
    );
    expect(seen.timer?.ticketId).toBe(other.timer?.ticketId);
    const timed = await server.services.db.select().from(timeEntries).where(eq(timeEntries.userId, ids[AGENT]!));
    expect(timed.length - before).toBe(1); // the timer stopped by the later start, recorded once
    expect(timed.at(-1)!.startedAt).not.toBeNull();
    const stopped = await ok<{ recorded: TimeEntry | null }>(
      await call("POST", "/api/time/timer/stop", AGENT, {}, second),
    );
    expect(stopped.recorded).toMatchObject({ ticketId: seen.timer!.ticketId, minutes: 1 });
    expect((await ok<{ timer: null }>(await call("GET", "/api/time/timer", AGENT, undefined, first))).timer).toBeNull();
    expect(
      (await ok<{ recorded: null }>(await call("POST", "/api/time/timer/stop", AGENT, {}, first))).recorded,
    ).toBeNull();
  });
});

describe("timesheets", () => {
  const week = (email: string) => `/api/time/timesheets/${ids[email]}/2026-01-05`;

  it("add up a week by ticket and work type, lock it on submit, and approve, return or reverse it", async () => {
    const ticket = await newTicket(companies.acme, "Week ticket");
    const monday = await ok<TimeEntry>(await record(AGENT, { ticketId: ticket, date: "2026-01-05", minutes: 60 }));
    await ok(await record(AGENT, { ticketId: ticket, date: "2026-01-07", minutes: 30 }));
    await ok(await record(AGENT, { date: "2026-01-11", minutes: 15, workTypeId: travel().id }));
    const sheet = await ok<Timesheet>(await call("GET", week(AGENT), AGENT));
    expect(sheet.days).toEqual([
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
      "2026-01-08",
      "2026-01-09",
      "2026-01-10",
      "2026-01-11",
    ]);
    expect(sheet.rows.map((r) => [r.ticketTitle, r.workTypeName, r.minutes, r.total])).toEqual([
      ["Week ticket", "Remote support", [60, 0, 30, 0, 0, 0, 0], 90],
      [null, "Travel", [0, 0, 0, 0, 0, 0, 15], 15],
    ]);
    expect([sheet.dayTotals, sheet.total, sheet.billableTotal, sheet.status]).toEqual([
      [60, 0, 30, 0, 0, 0, 15],
      105,
      90,
      "open",
    ]);
    await expectInvalid(
      await call("GET", `/api/time/timesheets/${ids[AGENT]}/2026-01-06`, AGENT),
      "Week must start on a Monday",
    );
    await expectRefused(await call("GET", week(ADMIN), AGENT), 403, "Agents see only their own timesheet", "FORBIDDEN");

    expect((await ok<Timesheet>(await call("POST", `${week(AGENT)}/submit`, AGENT, {}))).status).toBe("submitted");
    const locked = await record(AGENT, { date: "2026-01-06", minutes: 10 });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({
      error: "This week is submitted: ask an admin to return it before changing its time",
    });
    expect((await call("DELETE", `/api/time/entries/${monday.id}`, AGENT)).status).toBe(409);

    await expectRefused(
      await call("POST", `${week(AGENT)}/approve`, AGENT, {}),
      403,
      "Administrators only",
      "FORBIDDEN",
    );
    await expectInvalid(await call("POST", `${week(AGENT)}/return`, ADMIN, { comment: " " }), "A reason is required");
    const returned = await ok<Timesheet>(
      await call("POST", `${week(AGENT)}/return`, ADMIN, { comment: "Travel is on the 10th" }),
    );
    expect([returned.status, returned.comment]).toEqual(["returned", "Travel is on the 10th"]);
    await ok(await call("PATCH", `/api/time/entries/${monday.id}`, AGENT, { minutes: 75 }));
    await ok(await call("POST", `${week(AGENT)}/submit`, AGENT, {}));
    const approved = await ok<Timesheet>(await call("POST", `${week(AGENT)}/approve`, ADMIN, {}));
    expect(approved.status).toBe("approved");
    expect(approved.entries.every((e) => e.approved && !e.editable)).toBe(true);
    expect(approved.total).toBe(120);
    const edit = await call("PATCH", `/api/time/entries/${monday.id}`, ADMIN, { minutes: 5 });
    expect(edit.status).toBe(409);

    const reversed = await ok<Timesheet>(
      await call("POST", `${week(AGENT)}/reverse`, ADMIN, { comment: "Wrong client" }),
    );
    expect([reversed.status, reversed.entries.some((e) => e.approved)]).toEqual(["returned", false]);
    const [audited] = await server.services.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "timesheet.approval_reversed"), eq(auditLogs.actorId, ids[ADMIN]!)));
    expect(audited!.changes).toMatchObject({ reason: { to: "Wrong client" } });

    await ok(await call("POST", `${week(AGENT)}/submit`, AGENT, {}));
    await ok(await call("POST", `${week(AGENT)}/approve`, ADMIN, {}));
    await server.services.db.update(timeEntries).set({ invoicedAt: new Date() }).where(eq(timeEntries.id, monday.id));
    const refused = await call("POST", `${week(AGENT)}/reverse`, ADMIN, { comment: "Again" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: "This week has invoiced time: correct it with a credit note instead",
    });
  });
});

describe("tickets that go", () => {
  it("keep their time when deleted, and move it to the kept ticket when merged", async () => {
    const doomed = await newTicket(companies.acme, "Deleted with time");
    const entry = await ok<TimeEntry>(await record(AGENT, { ticketId: doomed, date: "2026-02-10", minutes: 40 }));
    await ok(await call("DELETE", `/api/tickets/${doomed}`, ADMIN));
    const [kept] = await server.services.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(kept).toMatchObject({
      ticketId: null,
      ticketTitle: "Deleted with time",
      ticketReference: entry.ticketReference,
      minutes: 40,
    });

    const duplicate = await newTicket(companies.acme, "Duplicate");
    const target = await newTicket(companies.acme, "Original");
    const moved = await ok<TimeEntry>(await record(AGENT, { ticketId: duplicate, date: "2026-02-10", minutes: 15 }));
    await ok(await call("POST", `/api/tickets/${duplicate}/merge`, AGENT, { targetId: target }));
    const [after] = await server.services.db.select().from(timeEntries).where(eq(timeEntries.id, moved.id));
    expect(after).toMatchObject({ ticketId: target, ticketTitle: "Original" });
  });
});

describe("clients", () => {
  it("see billable time on their own tickets only when their company shows it; Acme never sees Birch's", async () => {
    const acmeTicket = await newTicket(companies.acme, "Acme time");
    const birchTicket = await newTicket(companies.birch, "Birch time");
    await ok(
      await record(AGENT, {
        ticketId: acmeTicket,
        date: "2026-03-10",
        minutes: 50,
        note: "Replaced the toner",
        noteVisibility: "client",
      }),
    );
    await ok(await record(AGENT, { ticketId: acmeTicket, date: "2026-03-10", minutes: 20, billable: false }));
    await ok(await record(AGENT, { ticketId: birchTicket, date: "2026-03-10", minutes: 33 }));
    const hidden = await ok<{ shown: boolean }>(await call("GET", `/api/client/tickets/${acmeTicket}/time`, ACME));
    expect(hidden).toEqual({ shown: false, billableMinutes: 0, entries: [] });
    await ok(await call("PATCH", `/api/clients/${companies.acme}`, ADMIN, { showTimeToClient: true }));
    const shown = await ok<{ billableMinutes: number; entries: { note: string }[] }>(
      await call("GET", `/api/client/tickets/${acmeTicket}/time`, ACME),
    );
    expect(shown).toMatchObject({
      shown: true,
      billableMinutes: 50,
      entries: [{ minutes: 50, note: "Replaced the toner" }],
    });
    await expectRefused(
      await call("GET", `/api/client/tickets/${birchTicket}/time`, ACME),
      404,
      "Ticket not found",
      "NOT_FOUND",
    );
    const month = await ok<{ totalMinutes: number; tickets: { ticketTitle: string; minutes: number }[] }>(
      await call("GET", "/api/client/time?month=2026-03", ACME),
    );
    expect(month.tickets.map((t) => [t.ticketTitle, t.minutes])).toEqual([["Acme time", 50]]);
    expect(month.totalMinutes).toBe(50);
    expect((await ok<{ shown: boolean }>(await call("GET", "/api/client/time?month=2026-03", BIRCH))).shown).toBe(
      false,
    );
    await expectRefused(await call("GET", "/api/time/entries", ACME), 403, "Staff access only", "FORBIDDEN");
  });
});

describe("drafts accepted", () => {
  it("become one entry however often they are accepted at once, and are not offered again", async () => {
    const ticket = await newTicket(companies.acme, "Draft ticket");
    await server.services.db.insert(timeFocusSpans).values({
      userId: ids[AGENT]!,
      ticketId: ticket,
      startedAt: new Date("2026-02-17T14:00:00Z"),
      lastSeenAt: new Date("2026-02-17T14:16:30Z"),
    });
    const day = await ok<{ drafts: { ticketId: string; start: string; minutes: number }[] }>(
      await call("GET", "/api/time/drafts?date=2026-02-17", AGENT),
    );
    const draft = day.drafts.find((d) => d.ticketId === ticket)!;
    expect(draft.minutes).toBe(18); // 17 minutes, rounded up to 6
    const accept = { ticketId: ticket, start: draft.start, workTypeId: remote().id };
    const answers = await Promise.all([1, 2, 3].map(() => call("POST", "/api/time/drafts/accept", AGENT, accept)));
    const entries = await Promise.all(answers.map((r) => ok<TimeEntry>(r)));
    expect(new Set(entries.map((e) => e.id)).size).toBe(1);
    expect(entries[0]).toMatchObject({ minutes: 18, date: "2026-02-17", ticketId: ticket, billable: true });
    const onTicket = await server.services.db.select().from(timeEntries).where(eq(timeEntries.ticketId, ticket));
    expect(onTicket).toHaveLength(1);
    const after = await ok<{ drafts: { ticketId: string }[] }>(
      await call("GET", "/api/time/drafts?date=2026-02-17", AGENT),
    );
    expect(after.drafts.some((d) => d.ticketId === ticket)).toBe(false);
  });
});

describe("time spent on a reply", () => {
  it("records the writer's entry with the comment, and a bad duration refuses both", async () => {
    const ticket = await newTicket(companies.acme, "Reply with time");
    const reply = { content: "Replaced the fuser.", internal: false, timeSpent: { minutes: "1h30" } };
    await ok(await call("POST", `/api/tickets/${ticket}/comments`, AGENT, reply));
    const note = { content: "Ordered a spare.", internal: true, timeSpent: { minutes: 10, workTypeId: travel().id } };
    await ok(await call("POST", `/api/tickets/${ticket}/comments`, AGENT, note));
    const bad = await call("POST", `/api/tickets/${ticket}/comments`, AGENT, {
      ...reply,
      timeSpent: { minutes: "soon" },
    });
    await expectInvalid(bad, "Time spent must be like 25, 1h30 or 1:30");
    const onTicket = await ok<{ entries: TimeEntry[] }>(
      await call("GET", `/api/time/entries?ticketId=${ticket}`, AGENT),
    );
    expect(onTicket.entries.map((e) => [e.minutes, e.workTypeName, e.userId])).toEqual([
      [90, "Remote support", ids[AGENT]],
      [10, "Travel", ids[AGENT]],
    ]);
    const comments = await ok<{ comments: unknown[] }>(
      await call("GET", `/api/tickets/${ticket}/comments/page`, AGENT),
    );
    expect(comments.comments).toHaveLength(2);
  });
});

describe("time reports", () => {
  it("sum utilisation, hours per client and month, per work type, and unapproved time; admins and viewers only", async () => {
    const acmeTicket = await newTicket(companies.acme, "Report Acme");
    const birchTicket = await newTicket(companies.birch, "Report Birch");
    // 2026-06-01 is a Monday: a week of its own, far from the other tests' days.
    await ok(await record(AGENT, { ticketId: acmeTicket, date: "2026-06-01", minutes: 120 }));
    await ok(await record(AGENT, { ticketId: birchTicket, date: "2026-06-02", minutes: 45 }));
    await ok(await record(AGENT, { date: "2026-06-03", minutes: 30, workTypeId: travel().id, note: "=cmd" }));
    await ok(await record(ADMIN, { ticketId: acmeTicket, date: "2026-07-02", minutes: 60 }));
    const range = "from=2026-06-01&to=2026-07-31";
    await expectRefused(
      await call("GET", `/api/time/report?${range}`, AGENT),
      403,
      "Time reports are for admins and viewers",
      "FORBIDDEN",
    );
    const report = await ok<{
      workingDays: number;
      people: { userId: string; totalMinutes: number; billableMinutes: number; expectedMinutes: number }[];
      clients: { name: string; month: string; totalMinutes: number }[];
      workTypes: { name: string; totalMinutes: number }[];
      unapproved: { totalMinutes: number; entries: number };
    }>(await call("GET", `/api/time/report?${range}`, VIEWER));
    // June and July 2026 have 45 weekdays; Canada Day (Wed, July 1) is a holiday of the demo calendar.
    expect(report.workingDays).toBe(44);
    const agent = report.people.find((p) => p.userId === ids[AGENT])!;
    expect(agent).toMatchObject({ totalMinutes: 195, billableMinutes: 165, expectedMinutes: 44 * 420 });
    expect(report.clients.map((c) => [c.name, c.month, c.totalMinutes])).toEqual([
      ["Acme Dental", "2026-06", 120],
      ["Acme Dental", "2026-07", 60],
      ["Birch Legal", "2026-06", 45],
    ]);
    expect(report.workTypes.map((w) => [w.name, w.totalMinutes])).toEqual([
      ["Remote support", 225],
      ["Travel", 30],
    ]);
    expect(report.unapproved).toEqual({ totalMinutes: 255, entries: 4 });
    // Every total is the sum of its lines.
    expect(report.people.reduce((s, p) => s + p.totalMinutes, 0)).toBe(255);

    const csv = await call("GET", `/api/time/entries.csv?${range}`, ADMIN);
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"date","person","ticket","title","client","workType","minutes","billable","approved","note"',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes("Travel"))).toContain(`"'=cmd"`);
    expect((await call("GET", `/api/time/entries.csv?${range}`, AGENT)).status).toBe(403);
    expect((await call("GET", "/api/time/entries.csv?from=2026-07-01&to=2026-06-01", ADMIN)).status).toBe(400);
  });
});
