import { sql, type SQL } from "drizzle-orm";
import { CHECKIN_PROBLEMS, type CheckinPayload } from "@repo/validators";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { devicePlatformEnum, deviceStatusEnum, deviceTypeEnum } from "./enums.js";
import { clients } from "./clients.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

type DeviceTextColumn = "assignedUser" | "email" | "model" | "serialNumber" | "assetTag" | "location" | "notes";

/**
 * A device's text columns as one text, a space between them: the inventory search's trigram index
 * (`devices_search_trgm`, migration 0021) is on it, and the search writes it the same way so that the
 * planner finds the index (devices/inventory.ts).
 */
export const deviceSearchText = (t: Record<DeviceTextColumn, AnyPgColumn>): SQL =>
  sql`(coalesce(${t.assignedUser}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.model}, '') || ' ' || ${t.serialNumber} || ' ' || coalesce(${t.assetTag}, '') || ' ' || coalesce(${t.location}, '') || ' ' || coalesce(${t.notes}, ''))`;

export const devices = pgTable(
  "devices",
  {
    id: id(),
    clientId: belongsTo(clients.id),
    assignedUser: text(),
    email: text(),
    deviceType: deviceTypeEnum(),
    platform: devicePlatformEnum(),
    model: text(),
    serialNumber: requiredText(),
    assetTag: text(),
    status: deviceStatusEnum().notNull().default("IN_USE"),
    location: text(),
    purchaseDate: date({ mode: "string" }),
    warrantyExpiry: date({ mode: "string" }),
    lastCheckIn: timestamptz(),
    encryptionEnabled: boolean().notNull().default(false),
    notes: text(),
    /**
     * The last check-in's payload as the device sent it (docs/features.md §12): its keys are the fields
     * that came from the device, `factsAt` when. Null for a device only ever typed in.
     */
    facts: jsonb().$type<CheckinPayload>(),
    factsAt: timestamptz(),
    /** Not seen by a check-in for the stale setting's days (devices/stale.ts); cleared by the next one. */
    stale: boolean().notNull().default(false),
    /** Added by a check-in, not by a person: staff should look at it once. */
    needsReview: boolean().notNull().default(false),
    ...timestamps(),
    version: version("devices"),
  },
  (t) => [
    // CSV import upserts by serial number within a company.
    uniqueIndex().on(t.clientId, t.serialNumber),
    // The serial-number rule across companies asks who else holds a serial, on every add, import and
    // device check-in (devices/serial-numbers.ts): without it each asks by reading every device.
    index().on(t.serialNumber),
    index().on(t.clientId, t.status),
    index().on(t.warrantyExpiry),
    // No index on a column every check-in writes (`facts_at`, `last_check_in`, `updated_at`): any would
    // make each check-in's update rewrite every index of the row rather than update it in place (HOT,
    // with the table's fillfactor of 80 leaving room on the page: migration 0047). The hourly stale sweep
    // reads the table instead (devices/stale.ts, docs/performance.md §5).
    // The inventory search, `ILIKE '%q%'` (docs/architecture.md §4): candidates from here, not from every device.
    index("devices_search_trgm").using("gin", sql`${deviceSearchText(t)} gin_trgm_ops`),
  ],
);

/** A company's enrolment tokens: a check-in script's credential, good for POST /api/devices/checkin only. */
export const deviceEnrolmentTokens = pgTable(
  "device_enrolment_tokens",
  {
    id: id(),
    clientId: belongsTo(clients.id),
    label: requiredText(),
    /** hashSecret(token), as sessions keep theirs: the token itself is shown once, at creation. */
    secretHash: requiredText().unique(),
    createdAt: createdAt(),
    createdBy: refersTo(users.id),
    revokedAt: timestamptz(),
    lastUsedAt: timestamptz(),
  },
  (t) => [index().on(t.clientId)],
);

/** Every check-in's facts, kept 90 days (housekeeping.ts): a device's history. */
export const deviceFacts = pgTable(
  "device_facts",
  {
    id: id(),
    deviceId: belongsTo(devices.id),
    clientId: belongsTo(clients.id),
    reportedAt: timestamptz().notNull(),
    facts: jsonb().$type<CheckinPayload>().notNull(),
  },
  (t) => [index().on(t.deviceId, t.reportedAt), index().on(t.reportedAt)],
);

/**
 * The open compliance ticket of a device and problem. The primary key is what makes it one: a second
 * check-in finding the same problem cannot insert a second row, whatever the timing. The row goes when
 * the device recovers (and its ticket is resolved) or when its ticket is finished by hand.
 */
export const deviceComplianceTickets = pgTable(
  "device_compliance_tickets",
  {
    deviceId: belongsTo(devices.id),
    problem: text({ enum: CHECKIN_PROBLEMS }).notNull(),
    ticketId: uuid().references(() => tickets.id, { onDelete: "cascade" }),
    openedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.problem] }), index().on(t.ticketId)],
);
