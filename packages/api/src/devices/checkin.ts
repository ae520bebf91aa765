// A device's check-in (POST /api/devices/checkin, docs/features.md §12): the facts a script reports,
// upserted by serial within the enrolment token's company. Facts win over typed values for the fields
// they report; the rest keep their typed values. Each check-in leaves a history row, clears the stale
// flag, and (a setting) opens or resolves the device's compliance tickets.
//
// A fleet checks in by the thousand a minute (pnpm bench:checkin, docs/performance.md §5), and each round
// trip to the database costs the server a socket write: a compliant check-in is three statements (the
// token, both rate windows, the device with its history), and one with no compliance ticket open skips
// the ticket bookkeeping, as the device statement's answer says whether it has any.
import { deviceComplianceTickets, deviceFacts, executeRows, sql } from "@repo/db";
import { factColumns, type CheckinPayload, type CheckinResult, type DeviceStatus } from "@repo/validators";
import { hitPair, retryAfterSeconds, type Limit } from "../auth/rate-limit.js";
import { ConflictError, TooManyRequestsError } from "../errors.js";
import { readCheckinSettings } from "../settings/checkin.js";
import { inOuterTransaction, type TicketWriter } from "../tickets/service.js";
import { factProblems } from "./compliance.js";
import { syncComplianceTickets } from "./compliance-tickets.js";
import { serialHeldMessage } from "./serial-numbers.js";
import { v7 as uuidv7 } from "uuid";

/**
 * Per token: a company's whole fleet shares one token, and a fleet checks in at start-up in a burst.
 * Per device: daily and at each start-up; a script in a loop stops at a dozen an hour.
 */
export const CHECKIN_LIMITS = {
  token: { max: 3000, windowMs: 60_000 },
  device: { max: 12, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts a check-in against its token's and its device's windows, in one statement; 429 naming the
 * window that is full.
 */
export async function countCheckin(
  db: TicketWriter["db"],
  { tokenId, clientId, serial }: { tokenId: string; clientId: string; serial: string },
): Promise<void> {
  const [token, device] = await hitPair(
    db,
    { key: `checkin:token:${tokenId}`, limit: CHECKIN_LIMITS.token },
    { key: `checkin:device:${clientId}:${serial}`, limit: CHECKIN_LIMITS.device },
  );
  const windows = [
    [token, CHECKIN_LIMITS.token, "enrolment token"],
    [device, CHECKIN_LIMITS.device, "device"],
  ] as const;
  for (const [state, limit, what] of windows)
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

/**
 * One statement for the device and its history, so a check-in costs one round trip to the database: the
 * serial rule across companies (no row when another company holds the serial, as add, edit and import
 * refuse it), the upsert by serial within the company (no read first, so two first check-ins of one
 * machine cannot both insert), and the history row. Facts reported win (coalesce keeps the typed value
 * where the payload reports none). Parameters are cast from text: both drivers send text as it is.
 */
function deviceCheckedIn(input: {
  id: string;
  factsId: string;
  clientId: string;
  serial: string;
  facts: CheckinPayload;
  now: Date;
}) {
  const reported = reportedColumns(input.facts);
  return sql`
    with input as (
      select ${input.id}::uuid as id, ${input.factsId}::uuid as facts_id, ${input.clientId}::uuid as client_id,
        ${input.serial}::text as serial_number, ${reported.model}::text as model,
        ${reported.assignedUser}::text as assigned_user, ${reported.platform}::text::device_platform as platform,
        ${reported.encryptionEnabled}::boolean as encryption_enabled,
        ${JSON.stringify(input.facts)}::text::jsonb as facts, ${input.now.toISOString()}::text::timestamptz as at
    ), device as (
      insert into devices as d (id, client_id, serial_number, status, needs_review, model, assigned_user,
        platform, encryption_enabled, facts, facts_at, last_check_in, stale, created_at, updated_at)
      select id, client_id, serial_number, 'IN_USE', true, model, assigned_user,
        platform, coalesce(encryption_enabled, false), facts, at, at, false, at, at
      from input
      where not exists (
        select 1 from devices other
        where other.serial_number = input.serial_number and other.client_id <> input.client_id)
      on conflict (client_id, serial_number) do update set
        model = coalesce(excluded.model, d.model),
        assigned_user = coalesce(excluded.assigned_user, d.assigned_user),
        platform = coalesce(excluded.platform, d.platform),
        encryption_enabled = coalesce((select encryption_enabled from input), d.encryption_enabled),
        facts = excluded.facts, facts_at = excluded.facts_at, last_check_in = excluded.last_check_in,
        stale = false, updated_at = excluded.updated_at, version = d.version + 1
      returning d.id, d.status,
        -- xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
        (d.xmax = 0) as created,
        exists (select 1 from ${deviceComplianceTickets} t where t.device_id = d.id) as "hasComplianceTickets"
    ), history as (
      insert into ${deviceFacts} (id, device_id, client_id, reported_at, facts)
      select input.facts_id, device.id, input.client_id, input.at, input.facts from input, device
    )
    select id, status, created, "hasComplianceTickets" from device`;
}

interface CheckedInRow {
  id: string;
  status: DeviceStatus;
  created: boolean;
  hasComplianceTickets: boolean;
}

/**
 * Records a check-in whose token and rates have been checked (server/device-checkin.ts). The device and
 * its history are one statement; a compliance ticket's bookkeeping, when there is any, follows in its
 * own transaction: it is idempotent (one claim row per device and problem), so a crash between the two
 * leaves nothing that the device's next check-in does not put right.
 */
export async function recordCheckin(
  writer: TicketWriter,
  clientId: string,
  facts: CheckinPayload,
  now = new Date(),
): Promise<CheckinResult> {
  const [device] = await executeRows<CheckedInRow>(
    writer.db,
    deviceCheckedIn({ id: uuidv7(), factsId: uuidv7(), clientId, serial: facts.serial, facts, now }),
  );
  // No row: another company holds the serial. Refused, as add, edit and import refuse it, and not named.
  if (!device) throw new ConflictError(serialHeldMessage(facts.serial, null));
  const settings = await readCheckinSettings(writer.db);
  // A retired device is out of service: its problems open nothing, and its open tickets resolve.
  const problems = device.status === "RETIRED" ? [] : factProblems(facts, now, settings);
  if (settings.complianceTickets && (problems.length > 0 || device.hasComplianceTickets)) {
    await inOuterTransaction(writer, (nested, tx) =>
      syncComplianceTickets(
        { ...nested, db: tx },
        { id: device.id, clientId, serialNumber: facts.serial },
        facts,
        problems,
        now,
      ),
    );
  }
  return { deviceId: device.id, created: device.created };
}
