// Stale devices (docs/features.md §12): a device a check-in has reported on, but not for the setting's
// days (14 by default), is marked stale; its next check-in clears the flag (devices/checkin.ts). A device
// only ever typed in has no check-ins to miss and is never marked.
import { and, devices, eq, isNotNull, lt, type Database } from "@repo/db";
import { runPeriodically } from "../lib/periodic.js";
import { readCheckinSettings } from "../settings/checkin.js";
import { emitWebhookEvent } from "../webhooks/events.js";

const DAY_MS = 86_400_000;
export const STALE_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * One UPDATE of the devices newly stale: safe to run on several instances at once. Returns how many. It
 * reads the whole table (about 25 ms at 30,000 devices, once an hour): an index on `facts_at` would make
 * every check-in's update write all of the device's indexes (docs/performance.md §5).
 */
export async function markStaleDevices(db: Database, now = new Date()): Promise<number> {
  const { staleAfterDays } = await readCheckinSettings(db);
  // The event goes out with the mark, in its transaction (a device is marked once, so it is sent once).
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(devices)
      .set({ stale: true })
      .where(
        and(
          eq(devices.stale, false),
          isNotNull(devices.factsAt),
          lt(devices.factsAt, new Date(now.getTime() - staleAfterDays * DAY_MS)),
        ),
      )
      .returning({
        id: devices.id,
        clientId: devices.clientId,
        serialNumber: devices.serialNumber,
        assetTag: devices.assetTag,
        assignedUser: devices.assignedUser,
        factsAt: devices.factsAt,
      });
    for (const { factsAt, ...device } of rows)
      await emitWebhookEvent(tx, "device.stale", {
        device: { ...device, lastCheckInAt: factsAt?.toISOString() ?? null, staleAfterDays },
      });
    return rows.length;
  });
}

export function startStaleMarking(db: Database, intervalMs = STALE_SWEEP_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("device stale marking", intervalMs, () => markStaleDevices(db));
}
