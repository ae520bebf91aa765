import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, id, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { catalogueItems } from "./billing-catalogue.js";
import { clients } from "./clients.js";
import { workTypes } from "./time.js";

/**
 * What a company is billed under (docs/decisions/0042-billing.md): from `startDate` to `endDate` (inclusive;
 * null: until ended), billed on `billingDay` of each month: recurring lines in advance, time in arrears.
 */
export const agreements = pgTable(
  "agreements",
  {
    id: id(),
    clientId: belongsTo(clients.id),
    name: requiredText(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }),
    billingDay: integer().notNull().default(1),
    ...timestamps(),
    version: version("agreements"),
  },
  (t) => [
    index().on(t.clientId),
    check("agreements_billing_day", sql`${t.billingDay} between 1 and 28`),
    check("agreements_dates", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A recurring service on an agreement: its quantity fixed, or counted on the billing date from the
 * company's active users or its devices in use. `unitPriceCents` null: the catalogue's price.
 */
export const agreementLines = pgTable(
  "agreement_lines",
  {
    id: id(),
    agreementId: belongsTo(agreements.id),
    catalogueItemId: uuid()
      .notNull()
      .references(() => catalogueItems.id, { onDelete: "restrict" }),
    quantitySource: text({ enum: ["fixed", "users", "devices"] }).notNull(),
    fixedQuantity: integer().notNull().default(1),
    unitPriceCents: integer(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.agreementId),
    check("agreement_lines_quantity", sql`${t.fixedQuantity} >= 0`),
    check("agreement_lines_price", sql`${t.unitPriceCents} is null or ${t.unitPriceCents} >= 0`),
  ],
);

/**
 * How an agreement treats a work type: included at no charge, or billed at a rate of its own instead of
 * the work type's default. No row: the default rate.
 */
export const agreementWorkTypes = pgTable(
  "agreement_work_types",
  {
    agreementId: belongsTo(agreements.id),
    workTypeId: uuid()
      .notNull()
      .references(() => workTypes.id, { onDelete: "restrict" }),
    treatment: text({ enum: ["included", "rate"] }).notNull(),
    hourlyRateCents: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.workTypeId] }),
    check(
      "agreement_work_types_rate",
      sql`(${t.treatment} = 'included') = (${t.hourlyRateCents} is null) and (${t.hourlyRateCents} is null or ${t.hourlyRateCents} >= 0)`,
    ),
  ],
);

/**
 * Prepaid hours (in minutes): bought on `purchasedOn` for `priceCents`, burnt first in first out by
 * approved time of the work types it covers dated up to `expiresOn`; time no block covers is billed at
 * the overage rate.
 */
export const prepaidBlocks = pgTable(
  "prepaid_blocks",
  {
    id: id(),
    agreementId: belongsTo(agreements.id),
    minutes: integer().notNull(),
    priceCents: integer().notNull(),
    purchasedOn: date({ mode: "string" }).notNull(),
    expiresOn: date({ mode: "string" }).notNull(),
    overageRateCents: integer().notNull(),
    workTypeIds: uuid().array().notNull(),
    /** When the block's hours left first fell below the settings' threshold and its one alert went out. */
    alertedAt: timestamptz(),
    ...timestamps(),
    version: version("prepaid_blocks"),
  },
  (t) => [
    index().on(t.agreementId),
    check("prepaid_blocks_minutes", sql`${t.minutes} > 0`),
    check("prepaid_blocks_money", sql`${t.priceCents} >= 0 and ${t.overageRateCents} >= 0`),
    check("prepaid_blocks_dates", sql`${t.expiresOn} >= ${t.purchasedOn}`),
  ],
);
