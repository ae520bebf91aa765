import { boolean, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, timestamptz, updatedAt, requiredText } from "./_columns.js";
import { chatRoleEnum, devicePlatformEnum, deviceStatusEnum, deviceTypeEnum } from "./enums.js";
import { clients } from "./clients.js";
import { users } from "./auth.js";
import { tickets } from "./tickets.js";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    clientId: belongsTo(() => clients.id),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    role: chatRoleEnum().notNull(),
    content: requiredText(),
    /** A ticket the assistant opened with this reply. */
    ticketId: uuid().references(() => tickets.id, { onDelete: "set null" }),
    /** The assistant's conversation state on its reply (a ticket draft awaiting confirmation), parsed by the api. */
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.clientId, t.createdAt)],
);

export const devices = pgTable(
  "devices",
  {
    id: id(),
    clientId: belongsTo(() => clients.id),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // CSV import upserts by serial number within a company.
    uniqueIndex().on(t.clientId, t.serialNumber),
    index().on(t.clientId, t.status),
    index().on(t.warrantyExpiry),
  ],
);
