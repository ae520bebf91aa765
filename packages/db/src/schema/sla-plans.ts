// Named SLA plans (docs/decisions/0034-named-sla-plans.md): each holds targets per priority
// (sla_policies), and each company follows one. The business-hours calendar stays one, shared by all.
import { pgTable } from "drizzle-orm/pg-core";
import { id, requiredText, timestamps, version } from "./_columns.js";

/**
 * The plan every company without one of its own follows ("Standard"): a fixed id, so the migration that
 * introduced plans could move the existing targets onto it and an install never lacks it. It may be
 * renamed, never deleted.
 */
export const DEFAULT_SLA_PLAN_ID = "00000000-0000-7000-8000-000000000001";

export const slaPlans = pgTable("sla_plans", {
  id: id(),
  name: requiredText().unique(),
  ...timestamps(),
  version: version("sla_plans"),
});
