// A device's check-in (POST /api/devices/checkin, docs/features.md §12): the facts a script reports,
// upserted by serial within the enrolment token's company. Facts win over typed values for the fields
// they report; the rest keep their typed values. Each check-in leaves a history row, clears the stale
// flag, and (a setting) opens or resolves the device's compliance tickets, all in one transaction.
//
// A fleet checks in by the thousand a minute (pnpm bench:checkin, docs/performance.md §5), so every
// statement here is built once (preparedQuery) and a compliant device with no compliance ticket skips the
// ticket bookkeeping: the upsert's answer says whether it has any.
import { deviceComplianceTickets, deviceFacts, devices, preparedQuery, sql } from "@repo/db";
import { factColumns, type CheckinPayload, type CheckinResult } from "@repo/validators";
import { hit, retryAfterSeconds, type Limit } from "../auth/rate-limit.js";
import { ConflictError, TooManyRequestsError } from "../errors.js";
import { readCheckinSettings } from "../settings/checkin.js";
import { inOuterTransaction, type TicketWriter } from "../tickets/service.js";
import { factProblems } from "./compliance.js";
import { syncComplianceTickets } from "./compliance-tickets.js";
import { serialsHeldElsewhere } from "./serial-numbers.js";
import { v7 as uuidv7 } from "uuid";

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

/**
 * The typed columns a check-in's facts overwrite (`factColumns`, shared with the device's page), as the
 * upsert's parameters: null where it reported none, so that the upsert keeps the device's own value
 * (coalesce) and one statement serves every payload.
 */
function reportedColumns(facts: CheckinPayload) {
  const reported = factColumns(facts);
  return {
    model: reported.model ?? null,
    assignedUser: reported.assignedUser ?? null,
    platform: reported.platform ?? null,
    encryptionEnabled: reported.encryptionEnabled ?? null,
  };
}

const value = <N extends string>(name: N) => sql.placeholder(name);
const reportedOr = (name: string, column: typeof devices.model | typeof devices.assignedUser) =>
  sql`coalesce(${value(name)}, ${column})`;

/** New or known: one statement, no read first, so two first check-ins of one machine cannot both insert. */
const upsertedDevice = preparedQuery("checkin_device_upsert", (db) =>
  db
    .insert(devices)
    .values({
      id: value("id"),
      clientId: value("clientId"),
      serialNumber: value("serial"),
      status: "IN_USE",
      needsReview: true,
      model: value("model"),
      assignedUser: value("assignedUser"),
      platform: value("platform"),
      encryptionEnabled: sql`coalesce(${value("encryptionEnabled")}::boolean, false)`,
      facts: value("facts"),
      factsAt: value("now"),
      lastCheckIn: value("now"),
      stale: false,
      createdAt: value("now"),
      updatedAt: value("now"),
    })
    .onConflictDoUpdate({
      target: [devices.clientId, devices.serialNumber],
      set: {
        model: reportedOr("model", devices.model),
        assignedUser: reportedOr("assignedUser", devices.assignedUser),
        platform: sql`coalesce(excluded.platform, ${devices.platform})`,
        encryptionEnabled: sql`coalesce(${value("encryptionEnabled")}::boolean, ${devices.encryptionEnabled})`,
        facts: sql`excluded.facts`,
        factsAt: sql`excluded.facts_at`,
        lastCheckIn: sql`excluded.last_check_in`,
        stale: false,
        updatedAt: sql`excluded.updated_at`,
        version: sql`${devices.version} + 1`,
      },
    })
    .returning({
      id: devices.id,
      status: devices.status,
      // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
      created: sql<boolean>`(xmax = 0)`,
      // Read before the statement: whether any compliance ticket is open for the device.
      hasComplianceTickets: sql<boolean>`exists (select 1 from ${deviceComplianceTickets} where ${deviceComplianceTickets.deviceId} = ${devices.id})`,
    }),
);

const insertedFacts = preparedQuery("checkin_facts_insert", (db) =>
  db.insert(deviceFacts).values({
    id: value("id"),
    deviceId: value("deviceId"),
    clientId: value("clientId"),
    reportedAt: value("now"),
    facts: value("facts"),
  }),
);

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
    const [device] = await upsertedDevice(tx, {
      id: uuidv7(),
      clientId,
      serial: facts.serial,
      ...reportedColumns(facts),
      facts,
      now,
    });
    await insertedFacts(tx, { id: uuidv7(), deviceId: device!.id, clientId, now, facts });
    // A retired device is out of service: its problems open nothing, and its open tickets resolve.
    const problems = device!.status === "RETIRED" ? [] : factProblems(facts, now, settings);
    if (settings.complianceTickets && (problems.length > 0 || device!.hasComplianceTickets)) {
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
