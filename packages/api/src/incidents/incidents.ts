// Incidents and maintenance windows (docs/features.md §18): staff declare one against services and
// companies, post updates and link tickets. A client reaches an incident only when it affects its company:
// named directly, or depending on one of its services; and it never learns the other companies or tickets.
import {
  and,
  asc,
  type Database,
  type DbExecutor,
  desc,
  eq,
  exists,
  incidentClients,
  incidentServices,
  incidents,
  incidentTickets,
  incidentUpdates,
  inArray,
  isUuid,
  managedServiceClients,
  managedServices,
  ne,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
  tickets,
} from "@repo/db";
import {
  FINISHED_STATUSES,
  INCIDENT_STATUS_LABELS,
  type Incident,
  type IncidentDeclareInput,
  type IncidentStatus,
  type IncidentTicketSuggestion,
} from "@repo/validators";
import type { Scope, StaffScope } from "../auth/scope.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { lockTicket } from "../tickets/service.js";
import { assertCompaniesExist } from "../clients/companies.js";
import { mailSubscribers } from "./subscriptions.js";

const notFound = () => NotFoundError.of("Incident");

/**
 * Whether an incident affects a company: named directly, or depending on one of its services. Either
 * side is a column or a value: a client's filter over incidents, the suggestions' filter over tickets.
 */
const affects = (incidentId: SQLWrapper | string, clientId: SQLWrapper | string) =>
  or(
    exists(
      sql`(select 1 from ${incidentClients} where ${incidentClients.incidentId} = ${incidentId} and ${incidentClients.clientId} = ${clientId})`,
    ),
    exists(
      sql`(select 1 from ${incidentServices} join ${managedServiceClients} on ${managedServiceClients.serviceId} = ${incidentServices.serviceId} where ${incidentServices.incidentId} = ${incidentId} and ${managedServiceClients.clientId} = ${clientId})`,
    ),
  );

export const incidentInScope = (scope: Scope) =>
  scope.kind === "company" ? affects(incidents.id, scope.clientId) : undefined;

/** The incidents `where` selects, newest first, each with its services, updates and (staff) links. */
export async function readIncidents(db: DbExecutor, scope: Scope, where?: SQL, limit = 200): Promise<Incident[]> {
  const rows = await db
    .select()
    .from(incidents)
    .where(and(incidentInScope(scope), where))
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [services, updates] = await Promise.all([
    db
      .select({ incidentId: incidentServices.incidentId, id: managedServices.id, name: managedServices.name })
      .from(incidentServices)
      .innerJoin(managedServices, eq(managedServices.id, incidentServices.serviceId))
      .where(inArray(incidentServices.incidentId, ids))
      .orderBy(asc(managedServices.name)),
    db
      .select()
      .from(incidentUpdates)
      .where(inArray(incidentUpdates.incidentId, ids))
      .orderBy(desc(incidentUpdates.createdAt), desc(incidentUpdates.id)),
  ]);
  // Which companies and tickets: the staff's to know, never a client's.
  const staff = scope.kind !== "company";
  const [companies, links] = staff
    ? await Promise.all([
        db.select().from(incidentClients).where(inArray(incidentClients.incidentId, ids)),
        db.select().from(incidentTickets).where(inArray(incidentTickets.incidentId, ids)),
      ])
    : [[], []];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    impact: row.impact,
    isPublic: row.isPublic,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    scheduledUntil: row.scheduledUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    services: services.filter((s) => s.incidentId === row.id).map(({ id, name }) => ({ id, name })),
    clientIds: companies.filter((c) => c.incidentId === row.id).map((c) => c.clientId),
    ticketIds: links.filter((l) => l.incidentId === row.id).map((l) => l.ticketId),
    updates: updates
      .filter((u) => u.incidentId === row.id)
      .map((u) => ({ id: u.id, status: u.status, message: u.message, createdAt: u.createdAt.toISOString() })),
  }));
}

export const listIncidents = (db: DbExecutor, scope: Scope) => readIncidents(db, scope);

/** The open incidents a scope reaches (the client dashboard's banner, the assistant). */
export const listOpenIncidents = (db: DbExecutor, scope: Scope) =>
  readIncidents(db, scope, ne(incidents.status, "RESOLVED"));

export async function getIncident(db: DbExecutor, scope: Scope, id: string): Promise<Incident> {
  if (!isUuid(id)) throw notFound();
  const [found] = await readIncidents(db, scope, eq(incidents.id, id), 1);
  if (!found) throw notFound();
  return found;
}

async function assertServices(db: DbExecutor, serviceIds: readonly string[]) {
  const unique = [...new Set(serviceIds)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: managedServices.id })
    .from(managedServices)
    .where(inArray(managedServices.id, unique));
  if (found.length !== unique.length) throw new InvalidError("Unknown service");
}

export async function declareIncident(db: Database, scope: StaffScope, input: IncidentDeclareInput): Promise<Incident> {
  await assertServices(db, input.serviceIds);
  await assertCompaniesExist(db, input.clientIds);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(incidents)
      .values({
        title: input.title,
        status: input.status,
        impact: input.impact,
        isPublic: input.isPublic,
        scheduledFor: input.maintenance ? new Date(input.maintenance.scheduledFor) : null,
        scheduledUntil: input.maintenance ? new Date(input.maintenance.scheduledUntil) : null,
        resolvedAt: input.status === "RESOLVED" ? new Date() : null,
        createdBy: scope.userId,
      })
      .returning({ id: incidents.id });
    const incidentId = row!.id;
    const services = [...new Set(input.serviceIds)];
    const companies = [...new Set(input.clientIds)];
    if (services.length)
      await tx.insert(incidentServices).values(services.map((serviceId) => ({ incidentId, serviceId })));
    if (companies.length)
      await tx.insert(incidentClients).values(companies.map((clientId) => ({ incidentId, clientId })));
    await tx
      .insert(incidentUpdates)
      .values({ incidentId, status: input.status, message: input.message, createdBy: scope.userId });
    if (input.isPublic) {
      await mailSubscribers(tx, { title: input.title, status: INCIDENT_STATUS_LABELS[input.status] }, input.message);
    }
    return incidentId;
  });
  return getIncident(db, scope, id);
}

/** Records an update and moves the incident to its status (inside the caller's transaction); the row as locked. */
export async function recordUpdate(
  tx: DbExecutor,
  scope: StaffScope,
  id: string,
  update: { status: IncidentStatus; message: string },
  now: Date,
): Promise<typeof incidents.$inferSelect> {
  const [row] = await tx.select().from(incidents).where(eq(incidents.id, id)).for("update");
  if (!row) throw notFound();
  const resolvedAt = update.status === "RESOLVED" ? (row.resolvedAt ?? now) : null;
  await tx.update(incidents).set({ status: update.status, resolvedAt, updatedAt: now }).where(eq(incidents.id, id));
  await tx.insert(incidentUpdates).values({
    incidentId: id,
    status: update.status,
    message: update.message,
    createdBy: scope.userId,
    createdAt: now,
  });
  return row;
}

/** The tickets linked to an incident, ids only. */
export async function linkedTicketIds(db: DbExecutor, incidentId: string): Promise<string[]> {
  const rows = await db
    .select({ ticketId: incidentTickets.ticketId })
    .from(incidentTickets)
    .where(eq(incidentTickets.incidentId, incidentId))
    .orderBy(asc(incidentTickets.ticketId));
  return rows.map((r) => r.ticketId);
}

/** Links a ticket to an incident (idempotent); the ticket must exist within the caller's scope. */
export async function linkTicket(db: Database, scope: StaffScope, id: string, ticketId: string): Promise<Incident> {
  await getIncident(db, scope, id);
  if (!isUuid(ticketId)) throw NotFoundError.of("Ticket");
  await db.transaction(async (tx) => {
    await lockTicket(tx, ticketId, scope);
    await tx.insert(incidentTickets).values({ incidentId: id, ticketId, linkedBy: scope.userId }).onConflictDoNothing();
  });
  return getIncident(db, scope, id);
}

export async function unlinkTicket(db: Database, scope: StaffScope, id: string, ticketId: string): Promise<Incident> {
  await getIncident(db, scope, id);
  if (isUuid(ticketId)) {
    await db
      .delete(incidentTickets)
      .where(and(eq(incidentTickets.incidentId, id), eq(incidentTickets.ticketId, ticketId)));
  }
  return getIncident(db, scope, id);
}

/** People write in before staff declare: tickets opened this long before the incident are suggested too. */
export const SUGGESTION_LOOKBACK_MINUTES = 60;
const SUGGESTION_LIMIT = 50;

/**
 * The tickets to suggest linking while the incident is open: not finished nor held, of a company the
 * incident affects, opened since shortly before it began, and not linked yet; newest first.
 */
export async function suggestedTickets(
  db: DbExecutor,
  scope: StaffScope,
  id: string,
): Promise<IncidentTicketSuggestion[]> {
  const incident = await getIncident(db, scope, id);
  if (incident.status === "RESOLVED") return [];
  const began = Date.parse(incident.scheduledFor ?? incident.createdAt);
  const since = new Date(began - SUGGESTION_LOOKBACK_MINUTES * 60_000);
  const rows = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      status: tickets.status,
      clientId: tickets.clientId,
      requesterName: tickets.requesterName,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(
      and(
        notInArray(tickets.status, [...FINISHED_STATUSES]),
        eq(tickets.held, false),
        sql`${tickets.createdAt} >= ${since.toISOString()}`,
        affects(id, tickets.clientId),
        sql`not exists (select 1 from ${incidentTickets} where ${incidentTickets.incidentId} = ${id} and ${incidentTickets.ticketId} = ${tickets.id})`,
      ),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(SUGGESTION_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
