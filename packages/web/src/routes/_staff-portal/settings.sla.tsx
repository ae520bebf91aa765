import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// Every staff role reads the SLA policy; the page offers editing to an ADMIN only (the server enforces it).
export const Route = createFileRoute("/_staff-portal/settings/sla")({
  head: titleHead("SLA policy"),
  component: lazyRouteComponent(() => import("../../features/sla/sla-policy-page"), "SlaPolicyPage"),
});
