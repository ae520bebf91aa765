// SLA targets per priority, read from the sla_policies table (an admin may change them); the seeded
// defaults stand in for a priority whose row is missing.
import { DEFAULT_SLA_POLICIES, slaPolicies, type DbExecutor } from "@repo/db";
import type { TicketPriority } from "@repo/validators";
import type { SlaPolicy } from "./clock.js";

export type SlaPolicies = Record<TicketPriority, SlaPolicy>;

export const defaultPolicies = (): SlaPolicies =>
  Object.fromEntries(DEFAULT_SLA_POLICIES.map((p) => [p.priority, { ...p }])) as SlaPolicies;

export async function loadPolicies(db: DbExecutor): Promise<SlaPolicies> {
  const policies = defaultPolicies();
  const rows = await db.select().from(slaPolicies);
  for (const row of rows) {
    policies[row.priority] = {
      priority: row.priority,
      firstResponseMinutes: row.firstResponseMinutes,
      resolutionMinutes: row.resolutionMinutes,
      businessHours: row.businessHours,
    };
  }
  return policies;
}
