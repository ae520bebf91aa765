import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseTimeSearch } from "../../features/time/time-search";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/time")({
  head: titleHead("Timesheet"),
  validateSearch: parseTimeSearch,
  component: lazyRouteComponent(() => import("../../features/time/time-page"), "TimePage"),
});
