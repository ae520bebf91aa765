// A device's check-in history (device_facts): kept 90 days, purged by housekeeping.ts.
import { deviceFacts, type DbExecutor } from "@repo/db";
import { deleteExpiredRows } from "../lib/expired-rows.js";

export const DEVICE_FACTS_KEPT_DAYS = 90;

export function deleteOldDeviceFacts(db: DbExecutor, now = new Date()): Promise<number> {
  return deleteExpiredRows(
    db,
    deviceFacts,
    deviceFacts.reportedAt,
    new Date(now.getTime() - DEVICE_FACTS_KEPT_DAYS * 86_400_000),
  );
}
