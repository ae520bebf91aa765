// Rows that only pile up: sessions past their expiry (a validation deletes the one it meets, but a
// session nobody uses again stays), socket tickets never used, and rate-limit windows that have ended.
// Purged on a timer so the tables stay the size of the active population.
import type { Database } from "@repo/db";
import { deleteEndedLimits } from "./auth/rate-limit.js";
import { deleteExpiredSessions } from "./auth/session.js";
import { deleteExpiredSocketTickets } from "./auth/socket-tickets.js";
import { runPeriodically } from "./lib/periodic.js";

export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;

export async function purgeExpired(
  db: Database,
): Promise<{ sessions: number; socketTickets: number; rateLimits: number }> {
  return {
    sessions: await deleteExpiredSessions(db),
    socketTickets: await deleteExpiredSocketTickets(db),
    rateLimits: await deleteEndedLimits(db),
  };
}

/** Purges now and every `intervalMs`; safe on several instances (each DELETE is idempotent). */
export function startHousekeeping(db: Database, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("Purging expired sessions, socket tickets and rate limits", intervalMs, () =>
    purgeExpired(db),
  );
}
