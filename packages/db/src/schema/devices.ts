import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, id, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { devicePlatformEnum, deviceStatusEnum, deviceTypeEnum } from "./enums.js";
import { clients } from "./clients.js";

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
    ...timestamps(),
    version: version("devices"),
  },
  (t) => [
    // CSV import upserts by serial number within a company.
    uniqueIndex().on(t.clientId, t.serialNumber),
    index().on(t.clientId, t.status),
    index().on(t.warrantyExpiry),
    // The inventory search, `ILIKE '%q%'` (docs/architecture.md §4): candidates from here, not from every device.
    index("devices_search_trgm").using("gin", sql`${deviceSearchText(t)} gin_trgm_ops`),
  ],
);
