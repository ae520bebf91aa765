import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client-dashboard")({
  head: titleHead("Client Dashboard"),
  component: lazyRouteComponent(
    () => import("../../features/client-portal/client-dashboard-page"),
    "ClientDashboardPage",
  ),
});
