// The periodic task that opens recurring tickets (docs/features.md §16). Exactly once across instances:
// each due schedule is claimed with FOR UPDATE SKIP LOCKED, its occurrence written to
// recurring_ticket_runs under a unique (schedule, occurrence) key, the ticket created and nextRunAt moved
// on, all in one transaction. An instance that finds the row locked passes it by; one that comes after the
// commit finds nextRunAt moved past now (docs/decisions/0049-recurring-tickets.md).
import {
  and,
  asc,
  clients,
  type Database,
  eq,
  lte,
  notInArray,
  recurringTicketRuns,
  recurringTickets,
  tickets,
} from "@repo/db";
import { FINISHED_STATUSES, type RecurringRunOutcome } from "@repo/validators";
import { systemScope } from "../auth/scope.js";
import type { EventBus } from "../events.js";
import { runPeriodically } from "../lib/periodic.js";
import { log } from "../logger.js";
import { createTicket, inOuterTransaction } from "../tickets/service.js";
import { latestOccurrence, nextOccurrence, parseRecurrence } from "./rules.js";
import { NO_CONTACT_MESSAGE, scheduleZone } from "./schedules.js";

export const RECURRING_INTERVAL_MS = 60_000;
/** Schedules taken per run; more wait for the next minute. */
const BATCH = 50;
const SCOPE = systemScope("job");

export interface RecurringRunResult {
  scheduleId: string;
  occurrenceAt: Date;
  outcome: RecurringRunOutcome;
  ticketId: string | null;
}

/** Opens (or skips) every schedule due at `now`; answers what this instance did. */
export async function runDueRecurringTickets(
  db: Database,
  bus: EventBus,
  now = new Date(),
): Promise<RecurringRunResult[]> {
  const due = await db
    .select({ id: recurringTickets.id })
    .from(recurringTickets)
    .where(and(eq(recurringTickets.enabled, true), lte(recurringTickets.nextRunAt, now)))
    .orderBy(asc(recurringTickets.nextRunAt))
    .limit(BATCH);
  if (due.length === 0) return [];
  const zone = await scheduleZone(db);
  const results: RecurringRunResult[] = [];
  for (const { id } of due) {
    try {
      const result = await runSchedule(db, bus, id, zone, now);
      if (result) results.push(result);
    } catch (error) {
      // One schedule's failure (the database) must not hold up the others.
      log.error({ err: error, scheduleId: id }, "recurring ticket run failed");
    }
  }
  return results;
}

async function runSchedule(
  db: Database,
  bus: EventBus,
  id: string,
  zone: string,
  now: Date,
): Promise<RecurringRunResult | null> {
  return inOuterTransaction({ db, bus }, async (writer, tx) => {
    const [schedule] = await tx
      .select()
      .from(recurringTickets)
      .where(and(eq(recurringTickets.id, id), eq(recurringTickets.enabled, true), lte(recurringTickets.nextRunAt, now)))
      .for("update", { skipLocked: true });
    // Another instance holds it, or has run it since the list was read.
    if (!schedule?.nextRunAt) return null;

    const rule = parseRecurrence(schedule);
    // After downtime only the latest missed occurrence is opened; the others are not made up.
    const occurrenceAt = latestOccurrence(rule, now, zone) ?? schedule.nextRunAt;
    await tx
      .update(recurringTickets)
      .set({ nextRunAt: nextOccurrence(rule, now, zone), lastRunAt: now })
      .where(eq(recurringTickets.id, id));
    const [run] = await tx
      .insert(recurringTicketRuns)
      .values({ scheduleId: id, occurrenceAt, ranAt: now, outcome: "created" })
      .onConflictDoNothing()
      .returning({ id: recurringTicketRuns.id });
    if (!run) return null;
    const record = async (outcome: RecurringRunOutcome, ticketId: string | null, message: string | null = null) => {
      await tx
        .update(recurringTicketRuns)
        .set({ outcome, ticketId, message })
        .where(eq(recurringTicketRuns.id, run.id));
      return { scheduleId: id, occurrenceAt, outcome, ticketId };
    };

    if (schedule.skipIfOpen && schedule.lastTicketId) {
      const [open] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, schedule.lastTicketId), notInArray(tickets.status, [...FINISHED_STATUSES])));
      if (open) return record("skipped", open.id);
    }

    const [company] = await tx
      .select({ name: clients.name, contactEmail: clients.contactEmail })
      .from(clients)
      .where(eq(clients.id, schedule.clientId));
    if (!company?.contactEmail) return record("failed", null, NO_CONTACT_MESSAGE);
    try {
      const ticket = await createTicket(writer, {
        input: {
          title: schedule.title,
          description: schedule.description,
          type: schedule.type,
          priority: schedule.priority,
          requesterName: company.name,
          requesterEmail: company.contactEmail,
          clientId: schedule.clientId,
          assigneeId: schedule.assigneeId ?? "",
          tags: schedule.tags,
          ...(schedule.deviceId ? { deviceId: schedule.deviceId } : {}),
        },
        // Staff-like: the template's assignee and tags apply, and the ticket goes through every trigger.
        source: "staff",
        actor: { id: null, name: `Recurring: ${schedule.name}` },
        scope: SCOPE,
        now,
        // The provider's own scheduled work: the company's contact is not sent a receipt for it.
        acknowledge: "none",
      });
      await tx.update(recurringTickets).set({ lastTicketId: ticket.id }).where(eq(recurringTickets.id, id));
      return record("created", ticket.id);
    } catch (error) {
      // The ticket's savepoint rolled back; the run is logged as failed and the schedule moves on.
      log.warn({ err: error, scheduleId: id }, "recurring ticket not created");
      return record("failed", null, error instanceof Error ? error.message : "The ticket could not be created");
    }
  });
}

/** Runs the due schedules now and every minute; the returned function stops it (lib/periodic.ts). */
export function startRecurringTickets(db: Database, bus: EventBus, intervalMs = RECURRING_INTERVAL_MS) {
  return runPeriodically("Recurring tickets", intervalMs, () => runDueRecurringTickets(db, bus));
}
