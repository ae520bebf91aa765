import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseReportSearch } from "../../features/reports/report-search";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/reports")({
  head: titleHead("Reports"),
  validateSearch: parseReportSearch,
  component: lazyRouteComponent(() => import("../../features/reports/reports-page"), "ReportsPage"),
});
