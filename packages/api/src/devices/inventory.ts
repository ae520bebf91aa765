// Reading and writing devices, always inside a scope (auth/scope.ts): a CLIENT's is its own company, and the
// company filter is part of every query, so a device of another company is simply not found.
import {
  and,
  containsPattern,
  count,
  deviceSearchText,
  eq,
  ilike,
  inArray,
  isUniqueViolation,
  isUuid,
  or,
  sql,
  type SQL,
} from "@repo/db";
import { clients, devices, type DbExecutor } from "@repo/db";
import {
  DEVICE_PLATFORMS,
  DEVICE_TYPES,
  type Device,
  type DeviceFieldsInput,
  type DeviceMetrics,
  type DeviceListQuery,
  type DeviceSort,
} from "@repo/validators";
import { companyFilter, type Scope } from "../auth/scope.js";
import { assertCursor, keyset, type Keyset } from "../lib/keyset.js";
import { assessCompliance, atRiskCondition, isWarrantyExpiring, warrantyExpiringCondition } from "./compliance.js";
import { serialsHeldElsewhere, type SerialOwner } from "./serial-numbers.js";
import { ConflictError, InvalidError, NotFoundError, StaleVersionError } from "../errors.js";

type DeviceRow = typeof devices.$inferSelect;

export function serializeDevice(row: DeviceRow, clientName: string, now: Date): Device {
  const { compliance, issues } = assessCompliance(row, now);
  return {
    id: row.id,
    clientId: row.clientId,
    clientName,
    assignedUser: row.assignedUser,
    email: row.email,
    deviceType: row.deviceType,
    platform: row.platform,
    model: row.model,
    serialNumber: row.serialNumber,
    assetTag: row.assetTag,
    status: row.status,
    location: row.location,
    purchaseDate: row.purchaseDate,
    warrantyExpiry: row.warrantyExpiry,
    lastCheckIn: row.lastCheckIn?.toISOString() ?? null,
    encryptionEnabled: row.encryptionEnabled,
    notes: row.notes,
    facts: row.facts,
    factsAt: row.factsAt?.toISOString() ?? null,
    stale: row.stale,
    needsReview: row.needsReview,
    complianceOk: compliance !== "AT_RISK",
    compliance,
    complianceIssues: issues,
    warrantyExpiring: isWarrantyExpiring(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Text sorts ignore case; enums sort by their name, not their declaration order. */
const SORT_EXPRESSIONS: Record<DeviceSort, (t: typeof devices) => SQL> = {
  assignedUser: (t) => sql`lower(${t.assignedUser})`,
  email: (t) => sql`lower(${t.email})`,
  deviceType: (t) => sql`${t.deviceType}::text`,
  platform: (t) => sql`lower(${t.platform}::text)`,
  model: (t) => sql`lower(${t.model})`,
  serialNumber: (t) => sql`lower(${t.serialNumber})`,
  assetTag: (t) => sql`lower(${t.assetTag})`,
  status: (t) => sql`${t.status}::text`,
  location: (t) => sql`lower(${t.location})`,
  purchaseDate: (t) => sql`${t.purchaseDate}`,
  warrantyExpiry: (t) => sql`${t.warrantyExpiry}`,
  lastCheckIn: (t) => sql`${t.lastCheckIn}`,
};

/**
 * Each sort's keyset: the column (empty values last in both directions), then ties in a stable order
 * (serial number, then id) so that paging through a sorted list neither loses nor repeats a device.
 */
const ORDERS = Object.fromEntries(
  (Object.keys(SORT_EXPRESSIONS) as DeviceSort[]).flatMap((sort) =>
    (["asc", "desc"] as const).map((dir) => [
      `${sort} ${dir}`,
      keyset(devices, [
        { of: SORT_EXPRESSIONS[sort], direction: dir, nullable: true },
        { of: (t) => t.serialNumber, direction: "asc" },
        { of: (t) => t.id, direction: "asc" },
      ]),
    ]),
  ),
) as Record<`${DeviceSort} ${"asc" | "desc"}`, Keyset>;

/** `q` matched as a literal substring: LIKE's wildcards typed by the user are escaped. */
function exactSearch(pattern: string): SQL {
  return or(
    ilike(devices.assignedUser, pattern),
    ilike(devices.email, pattern),
    ilike(devices.model, pattern),
    ilike(devices.serialNumber, pattern),
    ilike(devices.assetTag, pattern),
    ilike(devices.location, pattern),
    ilike(devices.notes, pattern),
    ilike(sql`${devices.deviceType}::text`, pattern),
    ilike(sql`${devices.platform}::text`, pattern),
    ilike(clients.name, pattern),
  )!;
}

/**
 * The enum labels `q` may be found in, by JavaScript's case folding: for a `q` of printable ASCII it
 * agrees with ILIKE's in every locale or finds more, never fewer; for any other `q`, undefined (cannot
 * tell).
 */
function labelsHolding(labels: readonly string[], q: string): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(q)) return undefined;
  const folded = q.toLowerCase();
  return labels.filter((label) => label.toLowerCase().includes(folded));
}

/**
 * The search (docs/performance.md §4): the same devices as `exactSearch`, found through the trigram index on the
 * device's text (`devices_search_trgm`, migration 0021) rather than by reading every device. The index
 * finds candidates, `exactSearch` keeps the matches, so the result is exactly the substring search. A
 * candidate is a device whose text, joined, holds `q`, or whose type or platform may hold it, or whose
 * company's name holds it. The companies are looked up first (a few rows), so their ids reach the
 * planner as values: left in the statement, their unknown number made it estimate half the devices and
 * read them all, index or not. A type or platform that holds `q` is a broad search and reads them all.
 */
async function searchCondition(db: DbExecutor, company: string | undefined, q: string): Promise<SQL> {
  const pattern = containsPattern(q);
  const named = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(company ? eq(clients.id, company) : undefined, ilike(clients.name, pattern)));
  const labelled = (column: typeof devices.deviceType | typeof devices.platform, labels: readonly string[]) => {
    const holding = labelsHolding(labels, q);
    if (holding === undefined) return ilike(sql`${column}::text`, pattern);
    return holding.length > 0 ? inArray(sql`${column}::text`, holding) : undefined;
  };
  const candidates = or(
    ilike(deviceSearchText(devices), pattern),
    named.length > 0
      ? inArray(
          devices.clientId,
          named.map((c) => c.id),
        )
      : undefined,
    labelled(devices.deviceType, DEVICE_TYPES),
    labelled(devices.platform, DEVICE_PLATFORMS),
  );
  return and(candidates, exactSearch(pattern))!;
}

/**
 * The list's filters. `clientId` is staff's choice of one company ("" and "all": every company); it is a
 * filter, not a scope, so a company scope's list ignores it and reads its own company only.
 */
export type DeviceListFilters = Partial<Pick<DeviceListQuery, "clientId" | "sort" | "dir" | "q" | "status" | "flag">>;

/** The "Check-in" filter's condition: the flag's column is true. */
function flagCondition(flag: DeviceListFilters["flag"]): SQL | undefined {
  if (flag === "stale") return eq(devices.stale, true);
  if (flag === "needsReview") return eq(devices.needsReview, true);
  return undefined;
}

/** The one company a list reads, if one: a company scope's own, else the company staff chose. */
function listedCompany(scope: Scope, filters: DeviceListFilters): string | undefined {
  if (scope.kind === "company") return scope.clientId;
  const chosen = filters.clientId?.trim();
  if (!chosen || chosen === "all") return undefined;
  if (!isUuid(chosen)) throw new InvalidError("Unknown client company");
  return chosen;
}

const ofCompany = (company: string | undefined) => (company ? eq(devices.clientId, company) : undefined);

/** The list's rows in scope, filtered and searched (the search reads the company's name: join `clients`). */
export async function deviceListCondition(
  db: DbExecutor,
  scope: Scope,
  filters: DeviceListFilters,
): Promise<SQL | undefined> {
  const q = filters.q?.trim();
  const company = listedCompany(scope, filters);
  return and(
    ofCompany(company),
    filters.status && filters.status !== "all" ? eq(devices.status, filters.status) : undefined,
    flagCondition(filters.flag),
    q ? await searchCondition(db, company, q) : undefined,
  );
}

/** A page of the list (docs/performance.md §4): `limit` devices after `cursor`, the id of the last device seen. */
export interface DeviceListPage {
  cursor?: string;
  limit?: number;
}

/**
 * The device list of docs/product-spec.md §2: sorted (empty values last in both directions), searched,
 * filtered; the whole list, or one page of it when `page` says so.
 */
export async function listDevices(
  db: DbExecutor,
  scope: Scope,
  filters: DeviceListFilters = {},
  now = new Date(),
  page: DeviceListPage = {},
): Promise<Device[]> {
  const order = ORDERS[`${filters.sort ?? "assignedUser"} ${filters.dir === "desc" ? "desc" : "asc"}`];
  if (page.cursor !== undefined) {
    await assertCursor(db, devices, page.cursor, ofCompany(listedCompany(scope, filters)), "devices");
  }
  const query = db
    .select({ device: devices, clientName: clients.name })
    .from(devices)
    .innerJoin(clients, eq(devices.clientId, clients.id))
    .where(
      and(
        await deviceListCondition(db, scope, filters),
        page.cursor === undefined ? undefined : order.after(page.cursor),
      ),
    )
    .orderBy(...order.orderBy);
  const rows = await (page.limit === undefined ? query : query.limit(page.limit));
  return rows.map((r) => serializeDevice(r.device, r.clientName, now));
}

/**
 * The inventory counters (docs/product-spec.md §9) over the list's filters, counted in SQL (docs/performance.md
 * §4).
 */
export async function countDeviceMetrics(
  db: DbExecutor,
  scope: Scope,
  filters: DeviceListFilters = {},
  now = new Date(),
): Promise<DeviceMetrics> {
  const where = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      total: count(),
      inUse: where(eq(devices.status, "IN_USE")),
      available: where(eq(devices.status, "SPARE")),
      atRisk: where(atRiskCondition(now)),
      warrantyExpiring: where(warrantyExpiringCondition(now)),
    })
    .from(devices)
    .innerJoin(clients, eq(devices.clientId, clients.id))
    .where(await deviceListCondition(db, scope, filters));
  return row!;
}

export async function getDevice(db: DbExecutor, scope: Scope, id: string, now = new Date()): Promise<Device> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ device: devices, clientName: clients.name })
    .from(devices)
    .innerJoin(clients, eq(devices.clientId, clients.id))
    .where(and(eq(devices.id, id), companyFilter(scope, devices.clientId)));
  if (!row) throw notFound();
  return serializeDevice(row.device, row.clientName, now);
}

const notFound = () => NotFoundError.of("Device");

const blankToNull = (value: string | undefined | null) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
/** A calendar date from "YYYY-MM-DD" or a full timestamp (the date as written, before its offset). */
const toDate = (value: string | undefined | null) => (value ? value.slice(0, 10) : null);
const toTimestamp = (value: string | undefined | null) => (value ? new Date(value) : null);

/**
 * The stored columns for a device's fields. PUT replaces the device: a field left out or sent empty
 * becomes null (the edit form removes empty values before saving, which is how a field is cleared).
 */
export function deviceColumns(input: DeviceFieldsInput) {
  return {
    assignedUser: blankToNull(input.assignedUser),
    email: blankToNull(input.email)?.toLowerCase() ?? null,
    deviceType: input.deviceType ?? null,
    platform: input.platform ?? null,
    model: blankToNull(input.model),
    serialNumber: input.serialNumber.trim(),
    assetTag: blankToNull(input.assetTag),
    status: input.status,
    location: blankToNull(input.location),
    purchaseDate: toDate(input.purchaseDate),
    warrantyExpiry: toDate(input.warrantyExpiry),
    lastCheckIn: toTimestamp(input.lastCheckIn),
    encryptionEnabled: input.encryptionEnabled ?? false,
    notes: blankToNull(input.notes),
  };
}

const duplicateSerial = (serialNumber: string) =>
  new ConflictError(`A device with serial number ${serialNumber} already exists for this company`);

/** Staff name the company; it must exist. */
async function requireCompany(db: DbExecutor, clientId: string | undefined): Promise<string> {
  const id = clientId?.trim();
  if (!id) throw new InvalidError("Please select a client");
  const [company] = isUuid(id) ? await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)) : [];
  if (!company) throw new InvalidError("Unknown client company");
  return company.id;
}

/** A serial number held by another company is refused (devices/serial-numbers.ts), before any write. */
async function refuseSerialHeldElsewhere(db: DbExecutor, owner: SerialOwner, serialNumber: string): Promise<void> {
  const held = (await serialsHeldElsewhere(db, owner, [serialNumber])).get(serialNumber);
  if (held) throw new ConflictError(held);
}

/**
 * The company a device is added to, and whether the caller may learn who holds a serial: a company scope's
 * own (whatever company it names), else the company named, which must exist.
 */
export async function deviceOwner(db: DbExecutor, scope: Scope, requested: string | undefined): Promise<SerialOwner> {
  if (scope.kind === "company") return { clientId: scope.clientId, revealHolder: false };
  return { clientId: await requireCompany(db, requested), revealHolder: true };
}

/** Staff see every company, so a serial held elsewhere names its company to them; a client is not told. */
const revealsHolder = (scope: Scope) => scope.kind !== "company";

export async function createDevice(
  db: DbExecutor,
  scope: Scope,
  requestedClientId: string | undefined,
  input: DeviceFieldsInput,
): Promise<Device> {
  const owner = await deviceOwner(db, scope, requestedClientId);
  const values = deviceColumns(input);
  await refuseSerialHeldElsewhere(db, owner, values.serialNumber);
  const [row] = await db
    .insert(devices)
    .values({ ...values, clientId: owner.clientId })
    .onConflictDoNothing({ target: [devices.clientId, devices.serialNumber] })
    .returning({ id: devices.id });
  if (!row) throw duplicateSerial(values.serialNumber);
  return getDevice(db, scope, row.id);
}

export async function updateDevice(
  db: DbExecutor,
  scope: Scope,
  id: string,
  input: DeviceFieldsInput,
  /** The version the edit was based on (docs/architecture.md §8a); none: the last write wins. */
  version?: number,
): Promise<Device> {
  if (!isUuid(id)) throw notFound();
  const values = deviceColumns(input);
  const inScope = and(eq(devices.id, id), companyFilter(scope, devices.clientId));
  const [current] = await db
    .select({ clientId: devices.clientId, serialNumber: devices.serialNumber })
    .from(devices)
    .where(inScope);
  if (!current) throw notFound();
  // Only a new serial is checked: a device keeps the serial it has, so an edit of its location never fails
  // on a duplicate recorded before this rule existed.
  if (values.serialNumber !== current.serialNumber) {
    const owner = { clientId: current.clientId, revealHolder: revealsHolder(scope) };
    await refuseSerialHeldElsewhere(db, owner, values.serialNumber);
  }
  let rows: { id: string }[];
  try {
    rows = await db
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      // The version is checked by the statement that writes: of two edits based on one version, one wins.
      .where(version === undefined ? inScope : and(inScope, eq(devices.version, version)))
      .returning({ id: devices.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSerial(values.serialNumber);
    throw error;
  }
  if (!rows[0]) throw version === undefined ? notFound() : new StaleVersionError("device");
  return getDevice(db, scope, id);
}

export async function deleteDevice(db: DbExecutor, scope: Scope, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.id, id), companyFilter(scope, devices.clientId)))
    .returning({ id: devices.id });
  if (!rows[0]) throw notFound();
}
