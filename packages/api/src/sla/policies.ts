// SLA targets per priority of each plan (sla_policies) and the business-hours calendar with its holidays and
// the at-risk threshold (sla_calendar), as an admin sets them (docs/architecture.md §9). Every clock reads
// them through loadClientPolicies (one ticket: its company's plan) or loadSlaBook (many tickets): ticket
// writes, the sweep, the metrics, the countdown. The seeded defaults stand in for a row that is missing.
// All plans share the one calendar (docs/decisions/0034-named-sla-plans.md).
import {
  clients,
  DEFAULT_SLA_CALENDAR,
  DEFAULT_SLA_PLAN_ID,
  DEFAULT_SLA_POLICIES,
  eq,
  preparedQuery,
  slaCalendar,
  slaPolicies,
  sql,
  tickets,
  users,
  type DbExecutor,
} from "@repo/db";
import {
  minutesOfTime,
  observedHolidays,
  TICKET_PRIORITIES,
  timeOfMinutes,
  type SlaPolicySettings,
  type SlaPolicyView,
  type TicketPriority,
} from "@repo/validators";
import { type BusinessHours, businessHoursCalendar } from "./calendar.js";
import type { SlaPolicy } from "./clock.js";

export type SlaPolicies = Record<TicketPriority, SlaPolicy>;

type CalendarRow = typeof slaCalendar.$inferSelect;

export const defaultPolicies = (): SlaPolicies =>
  Object.fromEntries(DEFAULT_SLA_POLICIES.map((p) => [p.priority, { ...p }])) as SlaPolicies;

// Built once (preparedQuery): every ticket write reads one of these.
const policyRows = preparedQuery("sla_policies", (db) => db.select().from(slaPolicies));
// A write reads its targets and the calendar together, one round trip: the calendar's one row comes along
// with each target (policiesOfRows).
/** The targets of a company's plan (the default plan's when it chose none), each with the calendar. */
const clientPolicyRows = preparedQuery("sla_policies_of_client", (db) =>
  db
    .select({ policy: slaPolicies, calendar: slaCalendar })
    .from(slaPolicies)
    .leftJoin(slaCalendar, eq(slaCalendar.id, 1))
    .where(
      eq(
        slaPolicies.planId,
        sql`coalesce((select ${clients.slaPlanId} from ${clients} where ${clients.id} = ${sql.placeholder("clientId")}::uuid), ${DEFAULT_SLA_PLAN_ID}::uuid)`,
      ),
    ),
);
/** The targets of the plan a ticket's company follows, each with that company's id and the calendar. */
const ticketPolicyRows = preparedQuery("sla_policies_of_ticket", (db) =>
  db
    .select({ clientId: tickets.clientId, policy: slaPolicies, calendar: slaCalendar })
    .from(tickets)
    .leftJoin(clients, eq(clients.id, tickets.clientId))
    .innerJoin(slaPolicies, eq(slaPolicies.planId, sql`coalesce(${clients.slaPlanId}, ${DEFAULT_SLA_PLAN_ID}::uuid)`))
    .leftJoin(slaCalendar, eq(slaCalendar.id, 1))
    .where(eq(tickets.id, sql.placeholder("ticketId"))),
);
const planOfClientRows = preparedQuery("sla_plan_of_clients", (db) =>
  db.select({ id: clients.id, planId: clients.slaPlanId }).from(clients),
);
const calendarRows = preparedQuery("sla_calendar", (db) => db.select().from(slaCalendar).where(eq(slaCalendar.id, 1)));

async function calendarRow(db: DbExecutor): Promise<Omit<CalendarRow, "updatedAt" | "updatedBy" | "id" | "version">> {
  const [row] = await calendarRows(db, {});
  return row ?? DEFAULT_SLA_CALENDAR;
}

/**
 * The calendar's test of a working day, for what counts days rather than clocks (time reports, the time
 * reminder): one of its work days on which no holiday is observed; and its time zone.
 */
export async function workingCalendar(
  db: DbExecutor,
): Promise<{ timeZone: string; isWorkingDay: (date: string) => boolean }> {
  const calendar = await calendarRow(db);
  const off = new Set(
    observedHolidays(
      calendar.holidays.map((h) => h.date),
      calendar.workDays,
    ).values(),
  );
  return {
    timeZone: calendar.timeZone,
    isWorkingDay: (date) => calendar.workDays.includes(new Date(`${date}T00:00:00Z`).getUTCDay()) && !off.has(date),
  };
}

type PolicyRow = typeof slaPolicies.$inferSelect;

/** The default plan's policies of every priority, each with the calendar its clock runs on. */
export async function loadPolicies(db: DbExecutor): Promise<SlaPolicies> {
  // One after the other: `db` may be a transaction, and two queries at once on a transaction's one
  // connection hang behind PgBouncer in transaction mode (server/pgbouncer.test.ts).
  const rows = await policyRows(db, {});
  return withCalendar(
    rows.filter((r) => r.planId === DEFAULT_SLA_PLAN_ID),
    await calendarRow(db),
  );
}

/** The policies of the plan a company follows (the default plan when it chose none). */
export async function loadClientPolicies(db: DbExecutor, clientId: string): Promise<SlaPolicies> {
  return policiesOfRows(db, await clientPolicyRows(db, { clientId }));
}

/** One plan's targets on the calendar read with them; a plan without a row of its own reads the calendar apart. */
async function policiesOfRows(
  db: DbExecutor,
  rows: { policy: PolicyRow; calendar: CalendarRow | null }[],
): Promise<SlaPolicies> {
  const calendar = rows.length > 0 ? (rows[0]!.calendar ?? DEFAULT_SLA_CALENDAR) : await calendarRow(db);
  return withCalendar(
    rows.map((r) => r.policy),
    calendar,
  );
}

/**
 * The policies a ticket's clock runs on, read by a write before it locks the ticket (tickets/write-settings.ts),
 * with the company they are of: null when the ticket does not exist or its plan has no row.
 */
export async function loadTicketPolicies(
  db: DbExecutor,
  ticketId: string,
): Promise<{ clientId: string; policies: SlaPolicies } | null> {
  const rows = await ticketPolicyRows(db, { ticketId });
  if (rows.length === 0) return null;
  return { clientId: rows[0]!.clientId, policies: await policiesOfRows(db, rows) };
}

/** Every plan's policies and which company follows which: for reading many tickets of many companies. */
export interface SlaBook {
  plans: Map<string, SlaPolicies>;
  /** The policy a ticket's clock runs on: its priority's on its company's plan. */
  policyOf(ticket: { clientId: string; priority: TicketPriority }): SlaPolicy;
}

export async function loadSlaBook(db: DbExecutor): Promise<SlaBook> {
  const rows = await policyRows(db, {});
  const settings = await calendarRow(db);
  const companies = await planOfClientRows(db, {});
  const planIds = new Set([DEFAULT_SLA_PLAN_ID, ...rows.map((r) => r.planId)]);
  const plans = new Map(
    [...planIds].map((id) => [
      id,
      withCalendar(
        rows.filter((r) => r.planId === id),
        settings,
      ),
    ]),
  );
  const planOf = new Map(companies.map((c) => [c.id, c.planId ?? DEFAULT_SLA_PLAN_ID]));
  return {
    plans,
    policyOf: (ticket) =>
      (plans.get(planOf.get(ticket.clientId) ?? DEFAULT_SLA_PLAN_ID) ?? plans.get(DEFAULT_SLA_PLAN_ID)!)[
        ticket.priority
      ],
  };
}

/** A plan's rows as policies of every priority (the seeded defaults for a missing one), on the calendar. */
export function withCalendar(
  rows: Pick<PolicyRow, "priority" | "firstResponseMinutes" | "resolutionMinutes" | "businessHours">[],
  settings: Awaited<ReturnType<typeof calendarRow>>,
): SlaPolicies {
  const policies = defaultPolicies();
  for (const row of rows) {
    policies[row.priority] = {
      priority: row.priority,
      firstResponseMinutes: row.firstResponseMinutes,
      resolutionMinutes: row.resolutionMinutes,
      businessHours: row.businessHours,
    };
  }
  const hours: BusinessHours = settings;
  const calendar = businessHoursCalendar(hours);
  for (const priority of TICKET_PRIORITIES) {
    Object.assign(policies[priority], {
      calendar,
      businessHoursSettings: hours,
      atRiskShare: settings.atRiskPercent / 100,
    });
  }
  return policies;
}

/** The policy as the editor shows it, with who changed it last. */
export async function readPolicySettings(db: DbExecutor): Promise<SlaPolicyView> {
  // One after the other: the policy write reads it inside its transaction (see loadPolicies).
  const policies = await loadPolicies(db);
  const calendar = await calendarRow(db);
  const [meta] = await db
    .select({ updatedAt: slaCalendar.updatedAt, name: users.name, version: slaCalendar.version })
    .from(slaCalendar)
    .leftJoin(users, eq(users.id, slaCalendar.updatedBy))
    .where(eq(slaCalendar.id, 1));
  return {
    ...toSettings(policies, calendar),
    updatedAt: meta?.updatedAt.toISOString() ?? null,
    updatedByName: meta?.name ?? null,
    version: meta?.version ?? 1,
  };
}

/** The policy's version, its row locked until the transaction ends: a save checks and writes under it. */
export async function lockedPolicyVersion(tx: DbExecutor): Promise<number> {
  const [row] = await tx
    .select({ version: slaCalendar.version })
    .from(slaCalendar)
    .where(eq(slaCalendar.id, 1))
    .for("update");
  return row?.version ?? 1;
}

function toSettings(policies: SlaPolicies, calendar: Awaited<ReturnType<typeof calendarRow>>): SlaPolicySettings {
  return {
    targets: TICKET_PRIORITIES.map((priority) => ({
      priority,
      firstResponseMinutes: policies[priority].firstResponseMinutes,
      resolutionMinutes: policies[priority].resolutionMinutes,
      businessHours: policies[priority].businessHours,
    })),
    calendar: {
      timeZone: calendar.timeZone,
      workDays: [...calendar.workDays].sort((a, b) => a - b),
      openTime: timeOfMinutes(calendar.openMinutes),
      closeTime: timeOfMinutes(calendar.closeMinutes),
      holidays: [...calendar.holidays].sort((a, b) => a.date.localeCompare(b.date)),
    },
    atRiskPercent: calendar.atRiskPercent,
  };
}

/** The fields of the policy that differ, as an audit entry's changes. */
export function policyChanges(
  before: SlaPolicySettings,
  after: SlaPolicySettings,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const note = (key: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  };
  for (const target of after.targets) {
    const old = before.targets.find((t) => t.priority === target.priority);
    note(`${target.priority}.firstResponseMinutes`, old?.firstResponseMinutes, target.firstResponseMinutes);
    note(`${target.priority}.resolutionMinutes`, old?.resolutionMinutes, target.resolutionMinutes);
    note(`${target.priority}.businessHours`, old?.businessHours, target.businessHours);
  }
  const sortedDays = (days: number[]) => [...days].sort((a, b) => a - b);
  note("timeZone", before.calendar.timeZone, after.calendar.timeZone);
  note("workDays", sortedDays(before.calendar.workDays), sortedDays(after.calendar.workDays));
  note("openTime", before.calendar.openTime, after.calendar.openTime);
  note("closeTime", before.calendar.closeTime, after.calendar.closeTime);
  const dates = (s: SlaPolicySettings) => new Map(s.calendar.holidays.map((h) => [h.date, h.name]));
  const [was, is] = [dates(before), dates(after)];
  const added = [...is].filter(([d, n]) => was.get(d) !== n).map(([d, n]) => `${d} ${n}`);
  const removed = [...was].filter(([d, n]) => is.get(d) !== n).map(([d, n]) => `${d} ${n}`);
  if (added.length || removed.length) changes.holidays = { from: removed, to: added };
  note("atRiskPercent", before.atRiskPercent, after.atRiskPercent);
  return changes;
}

/** Writes the policy (the default plan's targets and the calendar) in `tx`; the caller audits and recomputes. */
export async function writePolicySettings(
  tx: DbExecutor,
  settings: SlaPolicySettings,
  updatedBy: string,
  now: Date,
): Promise<void> {
  await writePlanTargets(tx, DEFAULT_SLA_PLAN_ID, settings.targets, now);
  const calendar = {
    timeZone: settings.calendar.timeZone,
    workDays: [...new Set(settings.calendar.workDays)].sort((a, b) => a - b),
    openMinutes: minutesOfTime(settings.calendar.openTime),
    closeMinutes: minutesOfTime(settings.calendar.closeTime),
    holidays: [...settings.calendar.holidays].sort((a, b) => a.date.localeCompare(b.date)),
    atRiskPercent: settings.atRiskPercent,
    updatedAt: now,
    updatedBy,
  };
  await tx
    .insert(slaCalendar)
    .values({ id: 1, ...calendar })
    .onConflictDoUpdate({ target: slaCalendar.id, set: calendar });
}

/** Writes a plan's targets per priority in `tx`. */
export async function writePlanTargets(
  tx: DbExecutor,
  planId: string,
  targets: SlaPolicySettings["targets"],
  now: Date,
): Promise<void> {
  for (const target of targets) {
    const values = {
      firstResponseMinutes: target.firstResponseMinutes,
      resolutionMinutes: target.resolutionMinutes,
      businessHours: target.businessHours,
      updatedAt: now,
    };
    await tx
      .insert(slaPolicies)
      .values({ planId, priority: target.priority, ...values })
      .onConflictDoUpdate({ target: [slaPolicies.planId, slaPolicies.priority], set: values });
  }
}
