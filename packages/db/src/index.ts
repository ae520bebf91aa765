export * from "./client.js";
export * from "./password.js";
export * from "./sql-helpers.js";
export * from "./prepared.js";
export * as schema from "./schema/index.js";
export * from "./schema/index.js";
export {
  seedDemo,
  seedSlaPolicies,
  seedWorkTypes,
  seedTaxCodes,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEFAULT_SLA_POLICIES,
  DEFAULT_SLA_CALENDAR,
  DEFAULT_SLA_PLAN_NAME,
} from "./seed.js";
export * from "drizzle-orm/sql";
export { getTableColumns } from "drizzle-orm";
export type { PgColumn, PgTable } from "drizzle-orm/pg-core";
export { alias } from "drizzle-orm/pg-core";
export * from "./private-files.js";
