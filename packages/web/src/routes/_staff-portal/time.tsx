import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/time")({
  head: titleHead("Timesheet"),
  component: lazyRouteComponent(() => import("../../features/time/time-page"), "TimePage"),
});
