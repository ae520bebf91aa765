// The sets of an incident (docs/features.md §18), apart from the schemas and free of zod, so the portals'
// labels (and a prerendered status page) can import them from `@repo/validators/labels`.

/** An incident's stages, in order; RESOLVED closes it. Statuspage's wire names are these in lower case. */
export const INCIDENT_STATUSES = ["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** How much an incident hurts, Statuspage's scale (a maintenance window is usually "none"). */
export const INCIDENT_IMPACTS = ["none", "minor", "major", "critical"] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  INVESTIGATING: "Investigating",
  IDENTIFIED: "Identified",
  MONITORING: "Monitoring",
  RESOLVED: "Resolved",
};

/** How far back the status page and the staff list show resolved incidents. */
export const INCIDENT_HISTORY_DAYS = 90;
