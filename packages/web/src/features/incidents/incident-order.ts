// The staff list's order (docs/features.md §18): the open incidents first, then those resolved within the
// status page's history, each newest first (the API answers newest first).
import { INCIDENT_HISTORY_DAYS, type Incident } from "@repo/validators";

const DAY_MS = 24 * 60 * 60_000;

export function staffIncidentList(incidents: readonly Incident[], now = new Date()): Incident[] {
  const since = now.getTime() - INCIDENT_HISTORY_DAYS * DAY_MS;
  const open = incidents.filter((i) => i.status !== "RESOLVED");
  const recent = incidents.filter((i) => i.status === "RESOLVED" && Date.parse(i.createdAt) >= since);
  return [...open, ...recent];
}

/** Staff who may declare, post updates and link tickets; a VIEWER reads. */
export const mayChangeIncidents = (role: string | undefined) => role === "ADMIN" || role === "AGENT";
