// Managed services (docs/features.md §18): the provider's services and the companies that depend on them.
// Kept by an ADMIN; staff read them all, a client only those its company depends on.
import {
  and,
  asc,
  type Database,
  type DbExecutor,
  eq,
  exists,
  incidentServices,
  incidents,
  inArray,
  isUuid,
  managedServiceClients,
  managedServices,
  ne,
  sql,
} from "@repo/db";
import {
  INCIDENT_IMPACTS,
  type IncidentImpact,
  type ManagedService,
  type ManagedServiceFields,
} from "@repo/validators";
import type { Scope } from "../auth/scope.js";
import { assertCompaniesExist } from "../clients/companies.js";
import { ConflictError, conflictOnUnique, NotFoundError } from "../errors.js";

const notFound = () => NotFoundError.of("Service");
export const DUPLICATE_SERVICE = "A service with this name already exists";

/** A company scope reaches the services its company depends on; staff and the system, every one. */
export const serviceInScope = (scope: Scope) =>
  scope.kind === "company"
    ? exists(
        sql`(select 1 from ${managedServiceClients} where ${managedServiceClients.serviceId} = ${managedServices.id} and ${managedServiceClients.clientId} = ${scope.clientId})`,
      )
    : undefined;

/** The worst impact of a service's open incidents that have started (a window not yet begun counts not). */
async function impactsOf(db: DbExecutor, serviceIds: string[], now: Date): Promise<Map<string, IncidentImpact>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await db
    .select({ serviceId: incidentServices.serviceId, impact: incidents.impact })
    .from(incidentServices)
    .innerJoin(incidents, eq(incidents.id, incidentServices.incidentId))
    .where(
      and(
        inArray(incidentServices.serviceId, serviceIds),
        ne(incidents.status, "RESOLVED"),
        sql`(${incidents.scheduledFor} is null or ${incidents.scheduledFor} <= ${now.toISOString()})`,
      ),
    );
  const worst = new Map<string, IncidentImpact>();
  for (const { serviceId, impact } of rows) {
    const before = worst.get(serviceId) ?? "none";
    if (INCIDENT_IMPACTS.indexOf(impact) > INCIDENT_IMPACTS.indexOf(before)) worst.set(serviceId, impact);
  }
  return worst;
}

export async function listServices(db: DbExecutor, scope: Scope, now = new Date()): Promise<ManagedService[]> {
  const rows = await db.select().from(managedServices).where(serviceInScope(scope)).orderBy(asc(managedServices.name));
  const ids = rows.map((r) => r.id);
  const dependents = ids.length
    ? await db.select().from(managedServiceClients).where(inArray(managedServiceClients.serviceId, ids))
    : [];
  const impacts = await impactsOf(db, ids, now);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    // A client is not told which other companies depend on the service.
    clientIds: dependents
      .filter((d) => d.serviceId === row.id && (scope.kind !== "company" || d.clientId === scope.clientId))
      .map((d) => d.clientId),
    impact: impacts.get(row.id) ?? "none",
  }));
}

export async function getService(db: DbExecutor, scope: Scope, id: string): Promise<ManagedService> {
  if (!isUuid(id)) throw notFound();
  const found = (await listServices(db, scope)).find((s) => s.id === id);
  if (!found) throw notFound();
  return found;
}

async function setDependents(tx: DbExecutor, serviceId: string, clientIds: readonly string[]) {
  await tx.delete(managedServiceClients).where(eq(managedServiceClients.serviceId, serviceId));
  const unique = [...new Set(clientIds)];
  if (unique.length) await tx.insert(managedServiceClients).values(unique.map((clientId) => ({ serviceId, clientId })));
}

async function assertNameFree(db: DbExecutor, name: string, except?: string) {
  const [taken] = await db
    .select({ id: managedServices.id })
    .from(managedServices)
    .where(sql`lower(${managedServices.name}) = ${name.toLowerCase()}`);
  if (taken && taken.id !== except) throw new ConflictError(DUPLICATE_SERVICE);
}

export async function createService(db: Database, scope: Scope, fields: ManagedServiceFields): Promise<ManagedService> {
  await assertCompaniesExist(db, fields.clientIds);
  await assertNameFree(db, fields.name);
  const id = await conflictOnUnique(DUPLICATE_SERVICE, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(managedServices)
        .values({ name: fields.name, description: fields.description })
        .returning({ id: managedServices.id });
      await setDependents(tx, row!.id, fields.clientIds);
      return row!.id;
    }),
  );
  return getService(db, scope, id);
}

export async function updateService(
  db: Database,
  scope: Scope,
  id: string,
  patch: Partial<ManagedServiceFields>,
): Promise<ManagedService> {
  await getService(db, scope, id);
  if (patch.clientIds) await assertCompaniesExist(db, patch.clientIds);
  if (patch.name) await assertNameFree(db, patch.name, id);
  await conflictOnUnique(DUPLICATE_SERVICE, () =>
    db.transaction(async (tx) => {
      const { clientIds, ...fields } = patch;
      if (Object.keys(fields).length) {
        await tx
          .update(managedServices)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(managedServices.id, id));
      }
      if (clientIds) await setDependents(tx, id, clientIds);
    }),
  );
  return getService(db, scope, id);
}

export async function deleteService(db: DbExecutor, scope: Scope, id: string): Promise<void> {
  await getService(db, scope, id);
  await db.delete(managedServices).where(eq(managedServices.id, id));
}
