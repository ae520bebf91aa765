// The parts of the public status JSON (Statuspage's shape, packages/api/src/incidents/public-status.ts)
// that the /status page shows, and how it names their states. Plain fetch: the page is a marketing page,
// with no query client (decision 0005).
import { INCIDENT_STATUS_LABELS, type IncidentImpact, type IncidentStatus } from "@repo/validators/labels";
import { getJson } from "../../lib/public-api";
import { SERVICE_STATE_COLORS, SERVICE_STATE_LABELS } from "../incidents/incident-labels";

export interface StatusComponent {
  id: string;
  name: string;
  status: string;
  description: string | null;
}

export interface StatusIncidentUpdate {
  id: string;
  status: string;
  body: string;
  created_at: string;
}

export interface StatusIncident {
  id: string;
  name: string;
  status: string;
  impact: string;
  created_at: string;
  resolved_at: string | null;
  scheduled_for: string | null;
  scheduled_until: string | null;
  incident_updates: StatusIncidentUpdate[];
}

export interface StatusSummary {
  components: StatusComponent[];
  status: { indicator: string; description: string };
}

export const SUMMARY_URL = "/status/api/v2/summary.json";
export const HISTORY_URL = "/status/api/v2/incidents.json";
export const FEED_URL = "/status/history.atom";

export interface StatusBoardData {
  summary: StatusSummary;
  incidents: StatusIncident[];
}

/** The summary and the last 90 days' public incidents, both cached a minute by the server. */
export async function fetchStatusBoard(): Promise<StatusBoardData> {
  const [summary, history] = await Promise.all([
    getJson<StatusSummary>(SUMMARY_URL),
    getJson<{ incidents: StatusIncident[] }>(HISTORY_URL),
  ]);
  return { summary, incidents: history.incidents };
}

/** Statuspage's component statuses back to our impact scale, so the badge reads as in the portals. */
const COMPONENT_IMPACT: Record<string, IncidentImpact> = {
  operational: "none",
  degraded_performance: "minor",
  partial_outage: "major",
  major_outage: "critical",
};
export function componentState(status: string): { label: string; color: string } {
  const impact = COMPONENT_IMPACT[status];
  if (impact) return { label: SERVICE_STATE_LABELS[impact], color: SERVICE_STATE_COLORS[impact] };
  return { label: "Under maintenance", color: "blue" };
}

/** A maintenance window's statuses; an incident's are ours in lower case. */
const MAINTENANCE_STATUSES: Record<string, string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  verifying: "Verifying",
  completed: "Completed",
};
export const statusLabel = (status: string) =>
  MAINTENANCE_STATUSES[status] ?? INCIDENT_STATUS_LABELS[status.toUpperCase() as IncidentStatus] ?? status;

/** Finished: a resolved incident or a completed window. */
export const isFinished = (status: string) => status === "resolved" || status === "completed";
