// A device's check-in history (device_facts): kept 90 days, purged by housekeeping.ts, read newest first
// a page at a time by the device's page on both portals.
import { and, deviceFacts, devices, eq, gte, isUuid, type DbExecutor } from "@repo/db";
import { deleteExpiredRows } from "../lib/expired-rows.js";
import type { CheckinPayload, DeviceHistoryPage } from "@repo/validators";
import { companyFilter, type Scope } from "../auth/scope.js";
import { assertCursor, keyset, pageOf, type PageQuery } from "../lib/keyset.js";
import { NotFoundError } from "../errors.js";

export const DEVICE_FACTS_KEPT_DAYS = 90;

const keptSince = (now: Date) => new Date(now.getTime() - DEVICE_FACTS_KEPT_DAYS * 86_400_000);

export function deleteOldDeviceFacts(db: DbExecutor, now = new Date()): Promise<number> {
  return deleteExpiredRows(db, deviceFacts, deviceFacts.reportedAt, keptSince(now));
}

/** Newest first, the id breaking ties; the index on (device, reported at) reads it in order. */
const NEWEST_FIRST = keyset(deviceFacts, [
  { of: (t) => t.reportedAt, direction: "desc" },
  { of: (t) => t.id, direction: "desc" },
]);

/**
 * A page of the device's check-ins of the last 90 days (rows older are purged, but may linger until the
 * next housekeeping run: they are left out here so the answer does not depend on when that ran). The
 * device must be in scope: another company's device is not found, for its history as for itself.
 */
export async function listDeviceHistory(
  db: DbExecutor,
  scope: Scope,
  deviceId: string,
  page: Required<Pick<PageQuery, "limit">> & PageQuery,
  now = new Date(),
): Promise<DeviceHistoryPage> {
  const [device] = isUuid(deviceId)
    ? await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), companyFilter(scope, devices.clientId)))
    : [];
  if (!device) throw NotFoundError.of("Device");
  const ofDevice = eq(deviceFacts.deviceId, device.id);
  if (page.cursor !== undefined) await assertCursor(db, deviceFacts, page.cursor, ofDevice, "check-ins");
  const rows = await db
    .select({ id: deviceFacts.id, reportedAt: deviceFacts.reportedAt, facts: deviceFacts.facts })
    .from(deviceFacts)
    .where(
      and(
        ofDevice,
        gte(deviceFacts.reportedAt, keptSince(now)),
        page.cursor === undefined ? undefined : NEWEST_FIRST.after(page.cursor),
      ),
    )
    .orderBy(...NEWEST_FIRST.orderBy)
    .limit(page.limit + 1);
  const { rows: checkins, nextCursor } = pageOf(rows, page.limit, (row) => row.id);
  return {
    checkins: checkins.map((row) => ({
      id: row.id,
      reportedAt: row.reportedAt.toISOString(),
      facts: row.facts as CheckinPayload,
    })),
    nextCursor,
  };
}
