// Stale devices (docs/features.md §12): a device a check-in has reported on, but not for the setting's
// days (14 by default), is marked stale; its next check-in clears the flag (devices/checkin.ts). A device
// only ever typed in has no check-ins to miss and is never marked.
import { and, devices, eq, isNotNull, lt, type Database } from "@repo/db";
import { runPeriodically } from "../lib/periodic.js";
import { readCheckinSettings } from "../settings/checkin.js";

const DAY_MS = 86_400_000;
export const STALE_SWEEP_INTERVAL_MS = 60 * 60_000;

/** One UPDATE of the devices newly stale: safe to run on several instances at once. Returns how many. */
export async function markStaleDevices(db: Database, now = new Date()): Promise<number> {
  const { staleAfterDays } = await readCheckinSettings(db);
  const rows = await db
    .update(devices)
    .set({ stale: true })
    .where(
      and(
        eq(devices.stale, false),
        isNotNull(devices.factsAt),
        lt(devices.factsAt, new Date(now.getTime() - staleAfterDays * DAY_MS)),
      ),
    )
    .returning({ id: devices.id });
  return rows.length;
}

export function startStaleMarking(db: Database, intervalMs = STALE_SWEEP_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("device stale marking", intervalMs, () => markStaleDevices(db));
}
