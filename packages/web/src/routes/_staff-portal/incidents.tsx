import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// Service incidents (staff-screens.ts): every staff role reads, ADMIN and AGENT declare.
export const Route = createFileRoute("/_staff-portal/incidents")({
  head: titleHead("Incidents"),
  component: lazyRouteComponent(() => import("../../features/incidents/incidents-page"), "IncidentsPage"),
});
