import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/status")({
  head: titleHead("Service status"),
  component: lazyRouteComponent(() => import("../../../features/incidents/client-status-page"), "ClientStatusPage"),
});
