import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// The managed services and the companies that depend on them, an ADMIN's (staff-screens.ts).
export const Route = createFileRoute("/_staff-portal/settings/services")({
  head: titleHead("Managed services"),
  component: lazyRouteComponent(() => import("../../features/incidents/services-page"), "ServicesPage"),
});
