// Recurring ticket schedules (docs/features.md §16): read by staff, written by an ADMIN. Each function takes
// the caller's scope and filters by it (docs/architecture.md §3), so a company scope would reach only its
// own company's schedules although the routes are staff-only today. Every write re-reads the rule and
// sets the next run from the write's `now`: a schedule switched back on does not open what it missed.
import {
  alias,
  and,
  asc,
  clients,
  type Database,
  type DbExecutor,
  desc,
  devices,
  eq,
  isUuid,
  recurringTicketRuns,
  recurringTickets,
  users,
} from "@repo/db";
import {
  type RecurrencePreview,
  type RecurringTicket,
  type RecurringTicketFields,
  type RecurringTicketPatch,
  type RecurringTicketRun,
  RECURRING_PREVIEW_COUNT,
  type Recurrence,
  ticketReference,
} from "@repo/validators";
import { companyFilter, type Scope, type StaffScope } from "../auth/scope.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { workingCalendar } from "../sla/policies.js";
import { assertAssignable, assertClientExists } from "../tickets/service.js";
import { DEVICE_NOT_OF_COMPANY } from "../tickets/ticket-device.js";
import { nextOccurrence, normalizeRule, occurrencesAfter, parseRecurrence } from "./rules.js";

const notFound = () => NotFoundError.of("Recurring ticket");
export const NO_CONTACT_MESSAGE = "The company has no contact email to name as the tickets' requester";
/** How many runs the log answers, newest first. */
const RUN_LOG_LIMIT = 100;

/** The zone a schedule's wall times are read in: the SLA calendar's, the business calendar's one home. */
export const scheduleZone = async (db: DbExecutor): Promise<string> => (await workingCalendar(db)).timeZone;

const assignee = alias(users, "assignee");
const creator = alias(users, "creator");

function readSchedules(db: DbExecutor, scope: Scope) {
  return db
    .select({
      row: recurringTickets,
      clientName: clients.name,
      assigneeName: assignee.name,
      createdByName: creator.name,
    })
    .from(recurringTickets)
    .innerJoin(clients, eq(clients.id, recurringTickets.clientId))
    .leftJoin(assignee, eq(assignee.id, recurringTickets.assigneeId))
    .leftJoin(creator, eq(creator.id, recurringTickets.createdBy))
    .where(companyFilter(scope, recurringTickets.clientId))
    .$dynamic();
}

type ScheduleRead = Awaited<ReturnType<typeof readSchedules>>[number];

function serialize({ row, clientName, assigneeName, createdByName }: ScheduleRead, zone: string): RecurringTicket {
  let scheduleText = row.rrule;
  try {
    scheduleText = parseRecurrence(row).text;
  } catch {
    // A rule stored before a stricter check: shown as written.
  }
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    clientName,
    title: row.title,
    description: row.description,
    priority: row.priority,
    type: row.type,
    assigneeId: row.assigneeId,
    assigneeName,
    tags: row.tags,
    deviceId: row.deviceId,
    rrule: row.rrule,
    dtstart: row.dtstart,
    timeZone: zone,
    scheduleText,
    enabled: row.enabled,
    skipIfOpen: row.skipIfOpen,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The schedules in `scope`, by name. */
export async function listRecurringTickets(db: Database, scope: Scope): Promise<RecurringTicket[]> {
  const zone = await scheduleZone(db);
  const rows = await readSchedules(db, scope).orderBy(asc(recurringTickets.name), asc(recurringTickets.id));
  return rows.map((r) => serialize(r, zone));
}

export async function getRecurringTicket(db: DbExecutor, scope: Scope, id: string): Promise<RecurringTicket> {
  if (!isUuid(id)) throw notFound();
  const [row] = await readSchedules(db, scope).where(
    and(eq(recurringTickets.id, id), companyFilter(scope, recurringTickets.clientId)),
  );
  if (!row) throw notFound();
  return serialize(row, await scheduleZone(db));
}

/** The next dates of a rule, without saving it: the form's live preview. */
export async function previewRecurrence(db: DbExecutor, recurrence: Recurrence, now = new Date()) {
  const zone = await scheduleZone(db);
  const schedule = parseRecurrence(recurrence);
  const dates = occurrencesAfter(schedule, now, zone, RECURRING_PREVIEW_COUNT, true);
  return {
    timeZone: zone,
    scheduleText: schedule.text,
    dates: dates.map((d) => d.toISOString()),
  } satisfies RecurrencePreview;
}

/** The template's references, checked as a ticket's would be: a company in scope, an assignable person, its device. */
async function checkTemplate(
  db: DbExecutor,
  scope: Scope,
  template: { clientId: string; assigneeId: string | null; deviceId: string | null },
): Promise<void> {
  await assertClientExists(db, scope, template.clientId);
  const [company] = await db
    .select({ contactEmail: clients.contactEmail })
    .from(clients)
    .where(eq(clients.id, template.clientId));
  if (!company?.contactEmail) throw new InvalidError(NO_CONTACT_MESSAGE);
  if (template.assigneeId) await assertAssignable(db, template.assigneeId);
  if (template.deviceId) {
    const [device] = isUuid(template.deviceId)
      ? await db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.id, template.deviceId), eq(devices.clientId, template.clientId)))
      : [];
    if (!device) throw new InvalidError(DEVICE_NOT_OF_COMPANY);
  }
}

/** The rule as stored and the next run it gives from `now` (null: disabled runs are computed on enabling). */
async function planned(db: DbExecutor, recurrence: Recurrence, now: Date) {
  const rrule = normalizeRule(recurrence.rrule);
  const schedule = parseRecurrence({ rrule, dtstart: recurrence.dtstart });
  const nextRunAt = nextOccurrence(schedule, now, await scheduleZone(db), true);
  if (!nextRunAt) throw new InvalidError("This schedule has no dates to come");
  return { rrule, dtstart: recurrence.dtstart, nextRunAt };
}

const orNull = (id: string | undefined | null) => (id ? id : null);

export async function createRecurringTicket(
  db: Database,
  scope: StaffScope,
  input: RecurringTicketFields,
  now = new Date(),
): Promise<RecurringTicket> {
  const template = { clientId: input.clientId, assigneeId: orNull(input.assigneeId), deviceId: orNull(input.deviceId) };
  const plan = await planned(db, input, now);
  await checkTemplate(db, scope, template);
  const [row] = await db
    .insert(recurringTickets)
    .values({
      name: input.name,
      ...template,
      title: input.title,
      description: input.description,
      priority: input.priority,
      type: input.type,
      tags: input.tags,
      ...plan,
      enabled: input.enabled,
      skipIfOpen: input.skipIfOpen,
      createdBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: recurringTickets.id });
  return getRecurringTicket(db, scope, row!.id);
}

export async function updateRecurringTicket(
  db: Database,
  scope: Scope,
  id: string,
  patch: RecurringTicketPatch,
  now = new Date(),
): Promise<RecurringTicket> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(recurringTickets)
      .where(and(eq(recurringTickets.id, id), companyFilter(scope, recurringTickets.clientId)))
      .for("update");
    if (!before) throw notFound();
    const template = {
      clientId: patch.clientId ?? before.clientId,
      assigneeId: patch.assigneeId === undefined ? before.assigneeId : orNull(patch.assigneeId),
      deviceId: patch.deviceId === undefined ? before.deviceId : orNull(patch.deviceId),
    };
    const plan = await planned(
      tx,
      { rrule: patch.rrule ?? before.rrule, dtstart: patch.dtstart ?? before.dtstart },
      now,
    );
    await checkTemplate(tx, scope, template);
    await tx
      .update(recurringTickets)
      .set({
        name: patch.name,
        ...template,
        title: patch.title,
        description: patch.description,
        priority: patch.priority,
        type: patch.type,
        tags: patch.tags,
        ...plan,
        enabled: patch.enabled,
        skipIfOpen: patch.skipIfOpen,
        updatedAt: now,
      })
      .where(eq(recurringTickets.id, id));
  });
  return getRecurringTicket(db, scope, id);
}

/** Switches a schedule on or off; on again, it runs from its next date after `now`. */
export function setRecurringTicketEnabled(db: Database, scope: Scope, id: string, enabled: boolean, now = new Date()) {
  return updateRecurringTicket(db, scope, id, { enabled }, now);
}

/** Deletes a schedule and its run log; the tickets it opened stay. */
export async function deleteRecurringTicket(db: DbExecutor, scope: Scope, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(recurringTickets)
    .where(and(eq(recurringTickets.id, id), companyFilter(scope, recurringTickets.clientId)))
    .returning({ id: recurringTickets.id });
  if (deleted.length === 0) throw notFound();
}

/** A schedule's runs, newest occurrence first. */
export async function listRecurringTicketRuns(db: DbExecutor, scope: Scope, id: string): Promise<RecurringTicketRun[]> {
  await getRecurringTicket(db, scope, id);
  const rows = await db
    .select()
    .from(recurringTicketRuns)
    .where(eq(recurringTicketRuns.scheduleId, id))
    .orderBy(desc(recurringTicketRuns.occurrenceAt))
    .limit(RUN_LOG_LIMIT);
  return rows.map((run) => ({
    id: run.id,
    occurrenceAt: run.occurrenceAt.toISOString(),
    ranAt: run.ranAt.toISOString(),
    outcome: run.outcome,
    ticketId: run.ticketId,
    ticketReference: run.ticketId ? ticketReference(run.ticketId) : null,
    message: run.message,
  }));
}
