import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { id, requiredText, timestamps, version } from "./_columns.js";

/** One part of a tax: its label on the invoice and its rate in thousandths of a percent (HST 13% = 13000). */
export interface TaxComponentValue {
  label: string;
  rateMilliPercent: number;
}

/**
 * The admin-kept table of tax settings a company is billed under (docs/decisions/0042-billing.md): HST 13%,
 * GST 5%, GST 5% + QST 9.975%, exempt. An invoice copies the components it was taxed with, so changing a
 * rate never changes an invoice already made.
 */
export const taxCodes = pgTable("tax_codes", {
  id: id(),
  name: requiredText().unique(),
  components: jsonb().$type<TaxComponentValue[]>().notNull(),
  /** The setting of a company that names none: one row, Ontario's HST on a new install. */
  isDefault: boolean().notNull().default(false),
  archived: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  ...timestamps(),
  version: version("tax_codes"),
});

/**
 * What the provider sells: one-off items (the fixed-scope packages of @repo/content, by `packageSlug`) and
 * recurring services priced per user, per device or flat, per month. Integer cents, CAD, before tax.
 */
export const catalogueItems = pgTable(
  "catalogue_items",
  {
    id: id(),
    name: requiredText().unique(),
    description: text().notNull().default(""),
    unit: text({ enum: ["one_off", "per_user_month", "per_device_month", "flat_month"] }).notNull(),
    priceCents: integer().notNull(),
    taxable: boolean().notNull().default(true),
    /** The @repo/content package this one-off item sells, when it is one. */
    packageSlug: text().unique(),
    archived: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
    version: version("catalogue_items"),
  },
  (t) => [check("catalogue_items_price", sql`${t.priceCents} >= 0`)],
);
