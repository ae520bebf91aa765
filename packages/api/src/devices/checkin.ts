// A device's check-in (POST /api/devices/checkin, docs/features.md §12): the facts a script reports,
// upserted by serial within the enrolment token's company. Facts win over typed values for the fields
// they report; the rest keep their typed values. Each check-in leaves a history row, clears the stale
// flag, and (a setting) opens or resolves the device's compliance tickets, all in one transaction.
import { sql, deviceFacts, devices } from "@repo/db";
import { factColumns, type CheckinPayload, type CheckinResult } from "@repo/validators";
import { hit, retryAfterSeconds, type Limit } from "../auth/rate-limit.js";
import { ConflictError, TooManyRequestsError } from "../errors.js";
import { readCheckinSettings } from "../settings/checkin.js";
import { inOuterTransaction, type TicketWriter } from "../tickets/service.js";
import { factProblems } from "./compliance.js";
import { syncComplianceTickets } from "./compliance-tickets.js";
import { serialsHeldElsewhere } from "./serial-numbers.js";

/**
 * Per token: a company's whole fleet shares one token, and a fleet checks in at start-up in a burst.
 * Per device: daily and at each start-up; a script in a loop stops at a dozen an hour.
 */
export const CHECKIN_LIMITS = {
  token: { max: 3000, windowMs: 60_000 },
  device: { max: 12, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export async function countCheckin(db: TicketWriter["db"], key: string, limit: Limit, what: string): Promise<void> {
  const state = await hit(db, key, limit);
  if (state.count > limit.max)
    throw new TooManyRequestsError(
      `Too many check-ins for this ${what}. Please wait and try again.`,
      retryAfterSeconds(state),
    );
}

export async function recordCheckin(
  writer: TicketWriter,
  clientId: string,
  facts: CheckinPayload,
  now = new Date(),
): Promise<CheckinResult> {
  await countCheckin(writer.db, `checkin:device:${clientId}:${facts.serial}`, CHECKIN_LIMITS.device, "device");
  // The rule of add, edit and import: a serial another company holds is refused, and not named.
  const held = (await serialsHeldElsewhere(writer.db, { clientId, revealHolder: false }, [facts.serial])).get(
    facts.serial,
  );
  if (held) throw new ConflictError(held);
  const settings = await readCheckinSettings(writer.db);

  return inOuterTransaction(writer, async (nested, tx) => {
    const reported = factColumns(facts);
    const seen = { facts, factsAt: now, lastCheckIn: now, stale: false };
    const [device] = await tx
      .insert(devices)
      .values({ clientId, serialNumber: facts.serial, status: "IN_USE", needsReview: true, ...reported, ...seen })
      .onConflictDoUpdate({
        target: [devices.clientId, devices.serialNumber],
        set: { ...reported, ...seen, updatedAt: now, version: sql`${devices.version} + 1` },
      })
      // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
      .returning({ id: devices.id, status: devices.status, created: sql<boolean>`(xmax = 0)` });
    await tx.insert(deviceFacts).values({ deviceId: device!.id, clientId, reportedAt: now, facts });
    if (settings.complianceTickets) {
      // A retired device is out of service: its problems open nothing, and its open tickets resolve.
      const problems = device!.status === "RETIRED" ? [] : factProblems(facts, now, settings);
      await syncComplianceTickets(
        { ...nested, db: tx },
        { id: device!.id, clientId, serialNumber: facts.serial },
        facts,
        problems,
        now,
      );
    }
    return { deviceId: device!.id, created: device!.created };
  });
}
