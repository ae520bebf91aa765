// The SLA policy (docs/architecture.md §9): targets per priority of each plan and the business-hours calendar.
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { belongsTo, refersTo, updatedAt, version } from "./_columns.js";
import { ticketPriorityEnum } from "./enums.js";
import { slaPlans } from "./sla-plans.js";
import { users } from "./users.js";

/** SLA targets per priority of a plan (docs/decisions/0034-named-sla-plans.md), editable by an admin. */
export const slaPolicies = pgTable(
  "sla_policies",
  {
    planId: belongsTo(slaPlans.id),
    priority: ticketPriorityEnum().notNull(),
    firstResponseMinutes: integer().notNull(),
    resolutionMinutes: integer().notNull(),
    /** false: the clock runs around the clock (P1); true: Mon-Fri 09:00-17:00 America/Toronto. */
    businessHours: boolean().notNull().default(true),
    updatedAt: updatedAt(),
    version: version("sla_policies"),
  },
  (t) => [primaryKey({ columns: [t.planId, t.priority] })],
);

/**
 * The business-hours calendar and the at-risk threshold every SLA clock follows, one row (id 1): the
 * working days (0 = Sunday), opening and closing as minutes past local midnight, the IANA zone, and the
 * holidays (dated, named) on which no working time counts.
 */
export const slaCalendar = pgTable("sla_calendar", {
  id: smallint().primaryKey().default(1),
  timeZone: text().notNull(),
  workDays: jsonb().$type<number[]>().notNull(),
  openMinutes: integer().notNull(),
  closeMinutes: integer().notNull(),
  holidays: jsonb().$type<{ date: string; name: string }[]>().notNull(),
  atRiskPercent: integer().notNull(),
  updatedAt: updatedAt(),
  version: version("sla_calendar"),
  updatedBy: refersTo(users.id),
});
