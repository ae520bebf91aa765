// The device list read in keyset batches, for the CSV export: the same rows in the same order as
// listDevices, but never more than one batch in memory, so exporting 100,000 devices keeps the server's
// memory flat. Each batch is a page of listDevices of its own (no database cursor holding a connection,
// which on PGlite would be the only one), resuming after the last device of the batch before.
import type { Device } from "@repo/validators";
import { type DeviceListFilters, listDevices } from "./inventory.js";
import type { Scope } from "../auth/scope.js";

/**
 * The list of listDevices, batch by batch: each at most `batchSize` devices (2,000 by default, a few MB,
 * and 50 queries for 100,000 devices); the last batch may be empty. A device deleted while its batch is
 * the last one read ends the export with listDevices' refusal of a cursor that no longer exists.
 */
export async function* deviceListBatches(
  db: Parameters<typeof listDevices>[0],
  scope: Scope,
  filters: DeviceListFilters = {},
  { batchSize = 2000, now = new Date() }: { batchSize?: number; now?: Date } = {},
): AsyncGenerator<Device[]> {
  let cursor: string | undefined;
  for (;;) {
    const batch = await listDevices(db, scope, filters, now, { cursor, limit: batchSize });
    yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    cursor = last.id;
  }
}
