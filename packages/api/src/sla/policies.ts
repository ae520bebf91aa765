// SLA targets per priority (sla_policies) and the business-hours calendar with its holidays and the at-risk
// threshold (sla_calendar), as an admin sets them (docs/architecture.md §9). Every clock reads them through
// loadPolicies: ticket writes, the sweep, the metrics, the countdown. The seeded defaults stand in for a
// row that is missing.
import {
  DEFAULT_SLA_CALENDAR,
  DEFAULT_SLA_POLICIES,
  eq,
  preparedQuery,
  slaCalendar,
  slaPolicies,
  users,
  type DbExecutor,
} from "@repo/db";
import {
  minutesOfTime,
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

// Read by every ticket write, inside its transaction: built once (preparedQuery).
const policyRows = preparedQuery("sla_policies", (db) => db.select().from(slaPolicies));
const calendarRows = preparedQuery("sla_calendar", (db) => db.select().from(slaCalendar).where(eq(slaCalendar.id, 1)));

async function calendarRow(db: DbExecutor): Promise<Omit<CalendarRow, "updatedAt" | "updatedBy" | "id" | "version">> {
  const [row] = await calendarRows(db, {});
  return row ?? DEFAULT_SLA_CALENDAR;
}

/** The policies of every priority, each with the calendar its clock runs on. */
export async function loadPolicies(db: DbExecutor): Promise<SlaPolicies> {
  const policies = defaultPolicies();
  // One after the other: `db` may be a transaction, and two queries at once on a transaction's one
  // connection hang behind PgBouncer in transaction mode (server/pgbouncer.test.ts).
  const rows = await policyRows(db, {});
  const settings = await calendarRow(db);
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

/** Writes the policy (targets and calendar) in `tx`; the caller audits and recomputes. */
export async function writePolicySettings(
  tx: DbExecutor,
  settings: SlaPolicySettings,
  updatedBy: string,
  now: Date,
): Promise<void> {
  for (const target of settings.targets) {
    const values = {
      firstResponseMinutes: target.firstResponseMinutes,
      resolutionMinutes: target.resolutionMinutes,
      businessHours: target.businessHours,
      updatedAt: now,
    };
    await tx
      .insert(slaPolicies)
      .values({ priority: target.priority, ...values })
      .onConflictDoUpdate({ target: slaPolicies.priority, set: values });
  }
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
