// Automation rules and their run log (docs/features.md §15, packages/api/src/automation/).
import type { AutomationAction, AutomationCondition, AutomationEffect, AutomationTrigger } from "@repo/validators";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, belongsToIfAny, id, refersTo, requiredText, timestamps, timestamptz } from "./_columns.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/** An admin's rule: on `trigger`, when every condition holds, apply the actions in order. */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: id(),
    name: requiredText(),
    enabled: boolean().notNull().default(true),
    /** Rules run in ascending position; moving a rule swaps two positions. */
    position: integer().notNull(),
    /** Checked with @repo/validators' schemas on save; read back as their types. */
    trigger: jsonb().$type<AutomationTrigger>().notNull(),
    conditions: jsonb().$type<AutomationCondition[]>().notNull(),
    actions: jsonb().$type<AutomationAction[]>().notNull(),
    /** A matched rule with this set ends the evaluation: the rules after it do not run for the event. */
    stopHere: boolean().notNull().default(false),
    createdBy: refersTo(users.id),
    ...timestamps(),
  },
  (t) => [index().on(t.position)],
);

/**
 * The run log: one row per matched rule per event (and one per failed one), one per dry run. A time-based
 * run carries `onceKey` (the status and the instant the ticket entered it), unique per rule and ticket,
 * so the periodic task fires once per entry into the state, whichever instance inserts it first.
 */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: id(),
    ruleId: belongsTo(automationRules.id),
    ticketId: belongsToIfAny(tickets.id),
    trigger: requiredText(),
    matched: boolean().notNull(),
    /** What each action changed (or, in a dry run, would change). */
    effects: jsonb().$type<AutomationEffect[]>().notNull().default([]),
    error: text(),
    dryRun: boolean().notNull().default(false),
    onceKey: text(),
    at: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.ruleId, t.at), uniqueIndex().on(t.ruleId, t.ticketId, t.onceKey)],
);
