// Drafts of time entries from a day's activity (docs/features.md "Time: drafts"): a seeded day of focus
// spans, replies, notes and status changes at known times becomes blocks with known totals; heartbeats
// over the socket become spans; discards settle a draft once; each person reads only their own.
import { once } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { asc, auditLogs, eq, ticketComments, timeFocusSpans } from "@repo/db";
import type { TimeDraftDay } from "@repo/validators";
import { ACME, ADMIN, AGENT, VIEWER, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
let ids: Record<string, string>;
let acme: string;
const DAY = "2026-03-03"; // EST, UTC-5
const SETTINGS = { roundingMinutes: 6, expectedMinutesPerDay: 420 };
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}-05:00`);

const call = (method: string, path: string, email: string, json?: unknown) =>
  server.request(path, { method, json, token: tokens[email] });

async function newTicket(title: string): Promise<string> {
  const res = await call("POST", "/api/tickets", AGENT, {
    title,
    description: "Seeded for the drafts of a day's work.",
    type: "INCIDENT",
    priority: "P3",
    status: "NEW",
    requesterName: "Pat Lee",
    requesterEmail: "pat@example.org",
    clientId: acme,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function drafts(email = AGENT, date = DAY): Promise<TimeDraftDay> {
  const res = await call("GET", `/api/time/drafts?date=${date}`, email);
  expect(res.status).toBe(200);
  return (await res.json()) as TimeDraftDay;
}
const summary = (day: TimeDraftDay) =>
  day.drafts.map((d) => ({
    ticket: d.ticketTitle,
    from: d.start.slice(11, 16),
    to: d.end.slice(11, 16),
    active: d.activeMinutes,
    minutes: d.minutes,
    seen: [d.focusMinutes, d.replies, d.notes, d.statusChanges],
  }));

let printer: string;
let laptop: string;

beforeAll(async () => {
  ids = await userIds(server);
  ({ acme } = await demoCompanies(server));
  printer = await newTicket("Printer jams on tray 2");
  laptop = await newTicket("Laptop will not dock");
  const agent = ids[AGENT]!;
  const db = server.services.db;
  await db.insert(timeFocusSpans).values([
    { userId: agent, ticketId: printer, startedAt: at("09:00:00"), lastSeenAt: at("09:20:30") },
    { userId: agent, ticketId: laptop, startedAt: at("09:29:00"), lastSeenAt: at("09:40:00") },
    { userId: agent, ticketId: printer, startedAt: at("11:00:00"), lastSeenAt: at("11:05:10") },
    // Someone else's focus never reaches the agent's drafts.
    { userId: ids[ADMIN]!, ticketId: printer, startedAt: at("09:00:00"), lastSeenAt: at("10:00:00") },
  ]);
  await db.insert(ticketComments).values([
    { ticketId: printer, authorId: agent, authorName: "Agent", content: "Cleared the jam.", createdAt: at("09:25:00") },
    {
      ticketId: laptop,
      authorId: agent,
      authorName: "Agent",
      content: "Dock firmware.",
      internal: true,
      createdAt: at("09:45:00"),
    },
  ]);
  await db.insert(auditLogs).values({
    ticketId: printer,
    actorId: agent,
    action: "ticket.updated",
    changes: { status: { from: "NEW", to: "RESOLVED" } },
    createdAt: at("09:28:00"),
  });
});

describe("drafts of a day", () => {
  it("merges a day's activity on each ticket into blocks, counted once and rounded up to 6 minutes", async () => {
    const day = await drafts();
    expect(day.roundingMinutes).toBe(6);
    expect(summary(day)).toEqual([
      // Focus 09:00-09:20, the reply at 09:25 and the status change at 09:28 join across gaps of 4 and 2.
      { ticket: "Printer jams on tray 2", from: "14:00", to: "14:29", active: 29, minutes: 30, seen: [21, 1, 0, 1] },
      // The laptop came to the front at 09:29; the note at 09:45 is 4 idle minutes after its focus.
      { ticket: "Laptop will not dock", from: "14:29", to: "14:46", active: 17, minutes: 18, seen: [12, 0, 1, 0] },
      // Back on the printer at 11:00: more than 10 minutes after, so a block of its own.
      { ticket: "Printer jams on tray 2", from: "16:00", to: "16:06", active: 6, minutes: 6, seen: [6, 0, 0, 0] },
    ]);
    expect(day.totalMinutes).toBe(54);
    expect(day.drafts.every((d) => d.clientName === "Acme Dental" && !d.ongoing)).toBe(true);
  });

  it("rounds by the admin's setting, refuses other units, and lets only an admin change it", async () => {
    await expectRefused(
      await call("PUT", "/api/time/settings", AGENT, { ...SETTINGS, roundingMinutes: 15 }),
      403,
      "Administrators only",
      "FORBIDDEN",
    );
    const bad = await call("PUT", "/api/time/settings", ADMIN, { ...SETTINGS, roundingMinutes: 5 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Rounding must be 1, 6 or 15 minutes" });
    expect((await call("PUT", "/api/time/settings", ADMIN, { ...SETTINGS, roundingMinutes: 15 })).status).toBe(200);
    try {
      expect((await drafts()).drafts.map((d) => d.minutes)).toEqual([30, 30, 15]);
    } finally {
      expect((await call("PUT", "/api/time/settings", ADMIN, SETTINGS)).status).toBe(200);
    }
  });

  it("discards a draft once: it is not offered again, and a second discard changes nothing", async () => {
    const before = await drafts();
    const laptopDraft = before.drafts.find((d) => d.ticketId === laptop)!;
    const ref = { ticketId: laptop, start: laptopDraft.start };
    for (let i = 0; i < 2; i++) expect((await call("POST", "/api/time/drafts/discard", AGENT, ref)).status).toBe(200);
    const after = await drafts();
    expect(after.drafts.map((d) => d.ticketTitle)).toEqual(["Printer jams on tray 2", "Printer jams on tray 2"]);
    expect(after.totalMinutes).toBe(36);
    const unknown = await call("POST", "/api/time/drafts/discard", AGENT, {
      ticketId: printer,
      start: at("08:00:00").toISOString(),
    });
    await expectRefused(unknown, 404, "Draft not found", "NOT_FOUND");
  });

  it("shows each person only their own drafts, a client none, and refuses a malformed day", async () => {
    expect(summary(await drafts(ADMIN)).map((d) => [d.from, d.to, d.active])).toEqual([["14:00", "15:01", 61]]);
    expect((await drafts(VIEWER)).drafts).toEqual([]);
    await expectRefused(await call("GET", `/api/time/drafts?date=${DAY}`, ACME), 403, "Staff access only", "FORBIDDEN");
    const bad = await call("GET", "/api/time/drafts?date=2027-02-30", AGENT);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Date must be a real day" });
  });
});

describe("focus heartbeats", () => {
  it("records a focused ticket page's heartbeats as spans, and a switch of ticket as a new span", async () => {
    const agent = await server.login(AGENT);
    const ws = new WebSocket(`${server.url.replace("http", "ws")}/ws?token=${agent}`);
    await once(ws, "open");
    const spans = () =>
      server.services.db
        .select({ ticketId: timeFocusSpans.ticketId })
        .from(timeFocusSpans)
        .where(eq(timeFocusSpans.userId, ids[AGENT]!))
        .orderBy(asc(timeFocusSpans.startedAt));
    const before = (await spans()).length;
    ws.send(JSON.stringify({ type: "focus", ticketId: printer }));
    ws.send("not json");
    ws.send(JSON.stringify({ type: "focus", ticketId: "not-a-ticket" }));
    await expect.poll(async () => (await spans()).length).toBe(before + 1);
    ws.send(JSON.stringify({ type: "focus", ticketId: laptop }));
    await expect.poll(async () => (await spans()).slice(before).map((s) => s.ticketId)).toEqual([printer, laptop]);
    ws.close();
  });
});
