// The device list read in keyset batches, for the CSV export: the same rows in the same order as
// listDevices, but never more than one batch in memory, so exporting 100,000 devices keeps the server's
// memory flat. Each batch is a query of its own (no cursor holding a connection, which on PGlite would be
// the only one), resuming after the last row's sort key, serial number and id.
import { asc, clients, devices, eq, sql, type DbExecutor, type SQL } from "@repo/db";
import type { Device, DeviceSort } from "@repo/validators";
import {
  type DeviceListFilters,
  type DeviceScope,
  deviceListWhere,
  SORT_EXPRESSIONS,
  serializeDevice,
} from "./inventory.js";

/** The type a sort key's text is cast back to, so that the resumed comparison orders as the sort does. */
const KEY_TYPES: Record<DeviceSort, "text" | "date" | "timestamptz"> = {
  assignedUser: "text",
  email: "text",
  deviceType: "text",
  platform: "text",
  model: "text",
  serialNumber: "text",
  assetTag: "text",
  status: "text",
  location: "text",
  purchaseDate: "date",
  warrantyExpiry: "date",
  lastCheckIn: "timestamptz",
};

interface Position {
  key: string | null;
  serialNumber: string;
  id: string;
}

/**
 * The rows after `after` in the order `<sort> <dir> nulls last, serial number, id`: a larger key (smaller
 * when descending), or an empty one, or the same key and a later serial number and id.
 */
function after(sort: SQL, type: string, descending: boolean, position: Position): SQL {
  const tie = sql`(${devices.serialNumber}, ${devices.id}) > (${position.serialNumber}, ${position.id}::uuid)`;
  if (position.key === null) return sql`(${sort} is null and ${tie})`;
  const key = sql`${position.key}::${sql.raw(type)}`;
  const beyond = descending ? sql`${sort} < ${key}` : sql`${sort} > ${key}`;
  return sql`(${beyond} or ${sort} is null or (${sort} = ${key} and ${tie}))`;
}

/** The list of listDevices, batch by batch (each at most `batchSize` devices: 2,000 by default, a few MB,
 * and 50 queries for 100,000 devices, each a scan of the filtered rows, as there is no index per sort); the last batch may be empty. */
export async function* deviceListBatches(
  db: DbExecutor,
  scope: DeviceScope,
  filters: DeviceListFilters = {},
  { batchSize = 2000, now = new Date() }: { batchSize?: number; now?: Date } = {},
): AsyncGenerator<Device[]> {
  const field = filters.sort ?? "assignedUser";
  const sort = SORT_EXPRESSIONS[field];
  const descending = filters.dir === "desc";
  const where = deviceListWhere(scope, filters);
  let position: Position | null = null;
  for (;;) {
    const resume: SQL | undefined = position ? after(sort, KEY_TYPES[field], descending, position) : undefined;
    const rows = await db
      .select({ device: devices, clientName: clients.name, key: sql<string | null>`${sort}::text` })
      .from(devices)
      .innerJoin(clients, eq(devices.clientId, clients.id))
      .where(where && resume ? sql`${where} and ${resume}` : (where ?? resume))
      .orderBy(sql`${sort} ${descending ? sql`desc` : sql`asc`} nulls last`, asc(devices.serialNumber), asc(devices.id))
      .limit(batchSize);
    yield rows.map((r) => serializeDevice(r.device, r.clientName, now));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    position = { key: last.key, serialNumber: last.device.serialNumber, id: last.device.id };
  }
}
