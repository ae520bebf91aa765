// The staff reports (docs/features.md §8): every figure counted in SQL over a range of Toronto days, so a day is the
// provider's day across daylight-saving changes (a 23- or 25-hour day counts whole, once).
import {
  and,
  clients,
  count,
  desc,
  devices,
  eq,
  gte,
  isNull,
  lt,
  satisfactionRatings,
  sql,
  ticketDevices,
  tickets,
  users,
  type DbExecutor,
  type SQL,
} from "@repo/db";
import { REPORT_MAX_DAYS, TICKET_PRIORITIES, type ReportRangeQuery, type TicketPriority } from "@repo/validators";
import { InvalidError } from "../errors.js";
import { localDateAfter, localDay, localTime } from "../sla/calendar.js";
import { openTickets } from "../sla/queries.js";
import { notHeld } from "../tickets/in-scope.js";
import { deviceLabelSql } from "../tickets/ticket-device.js";

/** How many devices the "top devices" card lists. */
export const TOP_DEVICES = 10;

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** A bucket of hours: from the previous bucket's bound up to `below` (null: no bound). */
interface Bucket {
  label: string;
  below: number | null;
}

/** Buckets from [label, upper bound in hours] pairs; the last has no bound. */
const buckets = (...pairs: [label: string, below?: number][]): Bucket[] =>
  pairs.map(([label, below]) => ({ label, below: below ?? null }));

// biome-ignore format: a table reads best a row a line
export const FIRST_RESPONSE_BUCKETS = buckets(["Under 1 h", 1], ["1–4 h", 4], ["4–8 h", 8], ["8–24 h", 24], ["Over 24 h"]);
// biome-ignore format: a table reads best a row a line
export const RESOLUTION_BUCKETS = buckets(["Under 4 h", 4], ["4–24 h", 24], ["1–3 days", 72], ["3–7 days", 168], ["Over 7 days"]);
// biome-ignore format: a table reads best a row a line
export const BACKLOG_BUCKETS = buckets(["Under 1 day", 24], ["1–3 days", 72], ["3–7 days", 168], ["7–30 days", 720], ["Over 30 days"]);

export interface Report {
  from: string;
  to: string;
  daily: { day: string; opened: number; resolved: number }[];
  slaAttainment: {
    priority: TicketPriority;
    responseKnown: number;
    responseMet: number;
    responsePercent: number | null;
    resolutionKnown: number;
    resolutionMet: number;
    resolutionPercent: number | null;
  }[];
  firstResponse: { bucket: string; tickets: number }[];
  resolution: { bucket: string; tickets: number }[];
  backlogByAge: { bucket: string; tickets: number }[];
  volumeByClient: { clientId: string; name: string; opened: number }[];
  topDevices: { deviceId: string; label: string; clientName: string; tickets: number }[];
  satisfaction: Satisfaction;
}

/** Good and bad ratings of one agent or client, and the share of good ones (null without ratings). */
export interface SatisfactionRow {
  good: number;
  bad: number;
  total: number;
  percentGood: number | null;
}

export interface Satisfaction {
  overall: SatisfactionRow;
  /** Per agent credited (the assignee when rated; `agentId` null: nobody was assigned), most ratings first. */
  byAgent: (SatisfactionRow & { agentId: string | null; name: string })[];
  /** Per client, most ratings first. */
  byClient: (SatisfactionRow & { clientId: string; name: string })[];
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The range's days, and the instants its first day begins and the day after its last begins, in Toronto. */
export function reportDays(range: ReportRangeQuery, now: Date) {
  const toDay = range.to ? dayNumber(range.to) : localDay(now.getTime());
  const fromDay = range.from ? dayNumber(range.from) : toDay - (DEFAULT_DAYS - 1);
  // The schema checks a range given whole; one end given alone is checked here against its default.
  if (fromDay > toDay) throw new InvalidError("From must not be after To");
  if (toDay - fromDay + 1 > REPORT_MAX_DAYS) throw new InvalidError(`A report spans at most ${REPORT_MAX_DAYS} days`);
  return {
    from: dateOf(fromDay),
    to: dateOf(toDay),
    days: toDay - fromDay + 1,
    start: new Date(localTime(fromDay, 0)),
    end: new Date(localTime(toDay + 1, 0)),
  };
}

// The zone is a constant written into the SQL, not a parameter: GROUP BY must repeat the SELECT's expression.
const torontoDay = (column: SQL | typeof tickets.createdAt) =>
  sql<string>`to_char(${column} at time zone 'America/Toronto', 'YYYY-MM-DD')`;

/**
 * Tickets opened and resolved on each Toronto day from `start` (a local midnight) for `days` days, zeros
 * included: the reports' daily chart and the dashboard's trend.
 */
export async function dailyCounts(db: DbExecutor, range: { start: Date; end: Date; days: number }) {
  const { start, end, days } = range;
  const openedDay = torontoDay(tickets.createdAt);
  const resolvedDay = torontoDay(sql`${tickets.resolvedAt}`);
  const opened = await db
    .select({ day: openedDay, n: count() })
    .from(tickets)
    .where(and(gte(tickets.createdAt, start), lt(tickets.createdAt, end), notHeld))
    .groupBy(openedDay);
  const resolved = await db
    .select({ day: resolvedDay, n: count() })
    .from(tickets)
    .where(and(gte(tickets.resolvedAt, start), lt(tickets.resolvedAt, end), notHeld))
    .groupBy(resolvedDay);
  const perDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const openedBy = perDay(opened);
  const resolvedBy = perDay(resolved);
  return Array.from({ length: days }, (_, i) => {
    const day = localDateAfter(start, i);
    return { day, opened: openedBy.get(day) ?? 0, resolved: resolvedBy.get(day) ?? 0 };
  });
}

const hoursBetween = (from: SQL | typeof tickets.createdAt, to: SQL | typeof tickets.createdAt) =>
  sql`extract(epoch from (${to} - ${from})) / 3600`;

/** One count per bucket of `hours`, over the rows `where` selects. */
async function distribution(db: DbExecutor, buckets: Bucket[], hours: SQL, where: SQL | undefined) {
  const columns = Object.fromEntries(
    buckets.map((bucket, i) => {
      const above = buckets[i - 1]?.below;
      const lower = above == null ? sql`true` : sql`${hours} >= ${above}`;
      const upper = bucket.below == null ? sql`true` : sql`${hours} < ${bucket.below}`;
      return [`b${i}`, sql<number>`count(*) filter (where ${lower} and ${upper})`.mapWith(Number)];
    }),
  );
  const [row] = await db.select(columns).from(tickets).where(where);
  return buckets.map((bucket, i) => ({ bucket: bucket.label, tickets: Number(row?.[`b${i}`] ?? 0) }));
}

const percent = (met: number, known: number) => (known === 0 ? null : Math.round((met / known) * 1000) / 10);

/** Per priority, how many response and resolution targets were met of those whose outcome is known. */
async function slaAttainmentIn(db: DbExecutor, createdInRange: SQL | undefined, nowSql: SQL) {
  // A target counts once its outcome is known: answered (or resolved), or past due without it.
  const sla = await db
    .select({
      priority: tickets.priority,
      responseKnown:
        sql<number>`count(*) filter (where ${tickets.firstResponseAt} is not null or ${tickets.responseDueAt} < ${nowSql})`.mapWith(
          Number,
        ),
      responseMet: sql<number>`count(*) filter (where ${tickets.firstResponseAt} <= ${tickets.responseDueAt})`.mapWith(
        Number,
      ),
      resolutionKnown:
        sql<number>`count(*) filter (where ${tickets.resolvedAt} is not null or ${tickets.resolutionDueAt} < ${nowSql})`.mapWith(
          Number,
        ),
      resolutionMet: sql<number>`count(*) filter (where ${tickets.resolvedAt} <= ${tickets.resolutionDueAt})`.mapWith(
        Number,
      ),
    })
    .from(tickets)
    .where(createdInRange)
    .groupBy(tickets.priority);
  const slaBy = new Map(sla.map((row) => [row.priority, row]));
  return TICKET_PRIORITIES.map((priority) => {
    const row = slaBy.get(priority) ?? { responseKnown: 0, responseMet: 0, resolutionKnown: 0, resolutionMet: 0 };
    return {
      priority,
      responseKnown: row.responseKnown,
      responseMet: row.responseMet,
      responsePercent: percent(row.responseMet, row.responseKnown),
      resolutionKnown: row.resolutionKnown,
      resolutionMet: row.resolutionMet,
      resolutionPercent: percent(row.resolutionMet, row.resolutionKnown),
    };
  });
}

/** The companies that opened the most tickets in the range. */
async function volumeByClientIn(db: DbExecutor, createdInRange: SQL | undefined) {
  const volume = await db
    .select({ clientId: clients.id, name: clients.name, opened: count() })
    .from(tickets)
    .innerJoin(clients, eq(clients.id, tickets.clientId))
    .where(createdInRange)
    .groupBy(clients.id, clients.name)
    .orderBy(desc(count()), clients.name)
    .limit(20);
  return volume.map((v) => ({ ...v, opened: Number(v.opened) }));
}

/**
 * The devices named by the most tickets opened in the range (docs/features.md §8); ties by label, so the order
 * is stable.
 */
async function topDevicesIn(db: DbExecutor, createdInRange: SQL | undefined) {
  const topDevices = await db
    .select({ deviceId: devices.id, label: deviceLabelSql, clientName: clients.name, tickets: count() })
    .from(ticketDevices)
    .innerJoin(tickets, eq(tickets.id, ticketDevices.ticketId))
    .innerJoin(devices, eq(devices.id, ticketDevices.deviceId))
    .innerJoin(clients, eq(clients.id, devices.clientId))
    .where(createdInRange)
    .groupBy(devices.id, clients.name)
    .orderBy(desc(count()), deviceLabelSql, devices.id)
    .limit(TOP_DEVICES);
  return topDevices.map((d) => ({ ...d, tickets: Number(d.tickets) }));
}

export async function buildReport(db: DbExecutor, range: ReportRangeQuery, now: Date): Promise<Report> {
  const { from, to, days, start, end } = reportDays(range, now);
  const createdInRange = and(gte(tickets.createdAt, start), lt(tickets.createdAt, end), notHeld);
  const nowSql = sql`${now.toISOString()}::timestamptz`;

  const daily = await dailyCounts(db, { start, end, days });
  // A merged duplicate was closed as the same request, not answered or resolved: it counts in no SLA figure.
  const countedForSla = and(createdInRange, isNull(tickets.mergedIntoId));
  const slaAttainment = await slaAttainmentIn(db, countedForSla, nowSql);
  const firstResponse = await distribution(
    db,
    FIRST_RESPONSE_BUCKETS,
    hoursBetween(tickets.createdAt, sql`${tickets.firstResponseAt}`),
    and(countedForSla, sql`${tickets.firstResponseAt} is not null`),
  );
  const resolution = await distribution(
    db,
    RESOLUTION_BUCKETS,
    hoursBetween(tickets.createdAt, sql`${tickets.resolvedAt}`),
    and(countedForSla, sql`${tickets.resolvedAt} is not null`),
  );
  // The backlog is today's: the open tickets now, by how long they have been open.
  const backlogByAge = await distribution(db, BACKLOG_BUCKETS, hoursBetween(tickets.createdAt, nowSql), openTickets);
  const volumeByClient = await volumeByClientIn(db, createdInRange);
  const satisfaction = await satisfactionIn(db, { start, end });
  const topDevices = await topDevicesIn(db, createdInRange);

  return {
    from,
    to,
    daily,
    slaAttainment,
    firstResponse,
    resolution,
    backlogByAge,
    volumeByClient,
    topDevices,
    satisfaction,
  };
}

/** Label of the ratings of tickets nobody was assigned when they were rated. */
export const UNASSIGNED_AGENT = "Unassigned";

/**
 * Satisfaction ratings given (or last changed) in the range, counted by the day of the rating: a rating
 * is the requester's verdict at that moment, and it names the agent and the company of that moment.
 */
export async function satisfactionIn(db: DbExecutor, range: { start: Date; end: Date }): Promise<Satisfaction> {
  const r = satisfactionRatings;
  const inRange = and(gte(r.ratedAt, range.start), lt(r.ratedAt, range.end));
  const tally = {
    good: sql<number>`count(*) filter (where ${r.rating} = 'good')`.mapWith(Number),
    bad: sql<number>`count(*) filter (where ${r.rating} = 'bad')`.mapWith(Number),
  };
  const row = (t: { good: number; bad: number }): SatisfactionRow => {
    const total = t.good + t.bad;
    return { good: t.good, bad: t.bad, total, percentGood: percent(t.good, total) };
  };
  const byTotal = (a: SatisfactionRow & { name: string }, b: SatisfactionRow & { name: string }) =>
    b.total - a.total || a.name.localeCompare(b.name);

  // The tally per agent or per company: grouped by the rating's column, named from the row it points at.
  // A left join, as a rating given while nobody was assigned has no agent; every rating has a company.
  const tallyPer = (key: typeof r.agentId | typeof r.clientId, namedFrom: typeof users | typeof clients) =>
    db
      .select({ id: key, name: namedFrom.name, ...tally })
      .from(r)
      .leftJoin(namedFrom, eq(namedFrom.id, key))
      .where(inRange)
      .groupBy(key, namedFrom.name);

  const [overall] = await db.select(tally).from(r).where(inRange);
  const agents = await tallyPer(r.agentId, users);
  const companies = await tallyPer(r.clientId, clients);
  return {
    overall: row(overall ?? { good: 0, bad: 0 }),
    byAgent: agents.map((a) => ({ agentId: a.id, name: a.name ?? UNASSIGNED_AGENT, ...row(a) })).sort(byTotal),
    byClient: companies.map((c) => ({ clientId: c.id!, name: c.name!, ...row(c) })).sort(byTotal),
  };
}
