import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// One incident with its updates and tickets (staff-screens.ts), reached from /incidents and the ticket page.
export const Route = createFileRoute("/_staff-portal/incidents_/$id")({
  head: titleHead("Incident"),
  component: lazyRouteComponent(() => import("../../features/incidents/incident-page"), "IncidentPage"),
});
