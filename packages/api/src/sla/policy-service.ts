// Changing the SLA policy (docs/architecture.md §9): one transaction writes the targets and the calendar,
// moves every open ticket's due times onto them, and audits who changed what. The `sla.state` events of
// tickets whose state moved go out after commit, so the staff dashboards refresh their counters.
import { auditLogs, type Database } from "@repo/db";
import type { SlaPolicySettings, SlaPolicyView } from "@repo/validators";
import type { EventBus } from "../events.js";
import { log } from "../logger.js";
import { StaleVersionError } from "../errors.js";
import { lockedPolicyVersion, policyChanges, readPolicySettings, writePolicySettings } from "./policies.js";
import { type Recomputed, recomputeOpenSla } from "./recompute.js";

export const SLA_POLICY_AUDIT_ACTION = "sla.policy.updated";

export async function savePolicySettings(
  { db, bus }: { db: Database; bus: EventBus },
  settings: SlaPolicySettings,
  actor: { id: string; name: string },
  now = new Date(),
): Promise<SlaPolicyView> {
  const moved = await db.transaction(async (tx) => {
    // Another admin saved since this change was read: refuse it (docs/architecture.md §8a).
    const version = await lockedPolicyVersion(tx);
    if (settings.version !== undefined && settings.version !== version) throw new StaleVersionError("SLA policy");
    const before = await readPolicySettings(tx);
    await writePolicySettings(tx, settings, actor.id, now);
    const after = await readPolicySettings(tx);
    const changes = policyChanges(before, after);
    // The entry has no ticket: it is the policy's history, read with the audit log's other entries.
    await tx.insert(auditLogs).values({
      ticketId: null,
      actorId: actor.id,
      actorName: actor.name,
      action: SLA_POLICY_AUDIT_ACTION,
      changes,
      createdAt: now,
    });
    return recomputeOpenSla(tx, now);
  });
  await publishMoved(bus, moved);
  return readPolicySettings(db);
}

/** After commit: `sla.state` for each re-timed ticket whose state moved, so the dashboards refresh. */
export async function publishMoved(bus: EventBus, moved: Recomputed[]): Promise<void> {
  for (const t of moved.filter((m) => m.stateChanged)) {
    try {
      await bus.publish({ type: "sla.state", ticketId: t.ticketId, clientId: t.clientId, internal: true });
    } catch (error) {
      log.error({ err: error }, "publishing sla.state failed");
    }
  }
}
