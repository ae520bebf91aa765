import { sql } from "drizzle-orm";
import { boolean, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, requiredText, timestamps, version } from "./_columns.js";
import { taxCodes } from "./billing-catalogue.js";
import { slaPlans } from "./sla-plans.js";

/** A client company. */
export const clients = pgTable("clients", {
  id: id(),
  name: requiredText().unique(),
  contactEmail: text(),
  contactPhone: text(),
  address: text(),
  description: text(),
  /**
   * The company's people sign in with single sign-on only (docs/architecture.md §6a): their password
   * sign-in is refused, so leaving the company's identity provider locks them out here too.
   */
  ssoRequired: boolean().notNull().default(false),
  /**
   * Mail domains an admin vouches for (docs/decisions/0027-held-intake.md): mail from them counts as
   * authenticated, and the public form's requester from them is not held. Lower case, no "@".
   */
  trustedDomains: text().array().notNull().default(sql`'{}'::text[]`),
  /**
   * The SLA plan the company's tickets are timed by (docs/decisions/0034-named-sla-plans.md); null: the
   * default plan. A plan some company follows cannot be deleted until its companies move.
   */
  slaPlanId: uuid().references(() => slaPlans.id, { onDelete: "restrict" }),
  /** The client's people see the billable time on their tickets and a monthly summary (docs/features.md §10). */
  showTimeToClient: boolean().notNull().default(false),
  /** The tax the company is billed under (docs/decisions/0042-billing.md); null: the default tax code. */
  taxCodeId: uuid().references(() => taxCodes.id, { onDelete: "restrict" }),
  /** Where invoices go and what they are addressed to; null: the contact e-mail and the address. */
  billingEmail: text(),
  billingAddress: text(),
  ...timestamps(),
  version: version("clients"),
});
