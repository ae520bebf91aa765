import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";
import { parseMonthSearch } from "../../../features/time/months";

export const Route = createFileRoute("/_client-portal/client/time")({
  head: titleHead("Time by month"),
  validateSearch: parseMonthSearch,
  component: lazyRouteComponent(() => import("../../../features/time/client-time-month-page"), "ClientTimeMonthPage"),
});
