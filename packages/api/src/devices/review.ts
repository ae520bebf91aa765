// Clearing a device's "Needs review" (docs/features.md §12): a check-in adds an unknown machine with the
// flag so staff look at it; marking it reviewed is the only way the flag goes. Devices keep no audit
// trail of their own (edits are not audited either), so the row's updated time is the record.
import { and, devices, eq, isUuid, type DbExecutor } from "@repo/db";
import type { Device } from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { companyFilter } from "../auth/scope.js";
import { NotFoundError } from "../errors.js";
import { getDevice } from "./inventory.js";

/** Clears the flag; a device already reviewed stays as it is (the call is safe to repeat). */
export async function markDeviceReviewed(db: DbExecutor, scope: StaffScope, id: string): Promise<Device> {
  if (!isUuid(id)) throw NotFoundError.of("Device");
  const inScope = and(eq(devices.id, id), companyFilter(scope, devices.clientId));
  // Only a flagged row is written, so a repeat neither bumps the version nor breaks another's edit.
  await db
    .update(devices)
    .set({ needsReview: false, updatedAt: new Date() })
    .where(and(inScope, eq(devices.needsReview, true)));
  return getDevice(db, scope, id);
}
