// How the portals name an incident's impact and a service's state, with the Mantine colour of its badge.
import { badgeColumns, type IncidentImpact } from "@repo/validators/labels";

/** A service's state is the worst impact of its open incidents: "none" reads as operational. */
export const { labels: SERVICE_STATE_LABELS, colors: SERVICE_STATE_COLORS } = badgeColumns<IncidentImpact>({
  none: { label: "Operational", color: "green" },
  minor: { label: "Degraded performance", color: "yellow" },
  major: { label: "Partial outage", color: "orange" },
  critical: { label: "Major outage", color: "red" },
});

/** An incident's impact as staff choose and read it, in the colours of the state it puts a service in. */
export const INCIDENT_IMPACT_LABELS: Record<IncidentImpact, string> = {
  none: "No impact",
  minor: "Minor",
  major: "Major",
  critical: "Critical",
};
