import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseDashboardSearch } from "../../features/staff-portal/dashboard-search";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/dashboard")({
  head: titleHead("Dashboard"),
  validateSearch: parseDashboardSearch,
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-dashboard-page"), "StaffDashboardPage"),
});
