// Rows that only pile up: sessions past their expiry (a validation deletes the one it meets, but a
// session nobody uses again stays), socket tickets never used, rate-limit windows that have ended, reset
// links past their 30 minutes, two-factor and passkey challenges past their 5, single sign-ons never
// finished within their 10, uploads nobody attached within a day (with their files), and rating links
// past their 14 days, and device check-in history past its 90 days. Purged on a
// timer so the tables stay the size of the active population.
import type { Database } from "@repo/db";
import { deleteExpiredPasskeyChallenges } from "./auth/passkeys.js";
import { deleteExpiredResets } from "./auth/password-reset.js";
import { deleteExpiredInvitations } from "./users/invitations.js";
import { deleteEndedLimits } from "./auth/rate-limit.js";
import { deleteExpiredChallenges } from "./auth/sign-in-challenge.js";
import { deleteExpiredSessions } from "./auth/session.js";
import { deleteExpiredSocketTickets } from "./auth/socket-tickets.js";
import { deleteExpiredSsoStates } from "./auth/sso.js";
import type { FileStore } from "./files/store.js";
import { purgeStaleUploads } from "./files/uploads.js";
import { deleteOldDeviceFacts } from "./devices/history.js";
import { runPeriodically } from "./lib/periodic.js";
import { deleteExpiredRatingLinks } from "./satisfaction/links.js";

interface Housekept {
  db: Database;
  files: FileStore;
}

export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;

export async function purgeExpired({ db, files }: Housekept): Promise<{
  sessions: number;
  socketTickets: number;
  rateLimits: number;
  passwordResets: number;
  invitations: number;
  signInChallenges: number;
  passkeyChallenges: number;
  ssoStates: number;
  uploads: number;
  ratingLinks: number;
  deviceFacts: number;
}> {
  return {
    sessions: await deleteExpiredSessions(db),
    passwordResets: await deleteExpiredResets(db),
    invitations: await deleteExpiredInvitations(db),
    signInChallenges: await deleteExpiredChallenges(db),
    passkeyChallenges: await deleteExpiredPasskeyChallenges(db),
    ssoStates: await deleteExpiredSsoStates(db),
    socketTickets: await deleteExpiredSocketTickets(db),
    rateLimits: await deleteEndedLimits(db),
    uploads: await purgeStaleUploads(db, files),
    ratingLinks: await deleteExpiredRatingLinks(db),
    deviceFacts: await deleteOldDeviceFacts(db),
  };
}

/** Purges now and every `intervalMs`; safe on several instances (each DELETE is idempotent). */
export function startHousekeeping(services: Housekept, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => Promise<void> {
  // The label names the task in its failure's log line and in /metrics.
  return runPeriodically("housekeeping", intervalMs, () => purgeExpired(services));
}
