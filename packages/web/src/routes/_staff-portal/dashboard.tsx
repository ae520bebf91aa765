import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/dashboard")({
  head: titleHead("Dashboard"),
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-dashboard-page"), "StaffDashboardPage"),
});
