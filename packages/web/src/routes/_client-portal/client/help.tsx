import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/help")({
  head: titleHead("Help articles"),
  component: lazyRouteComponent(() => import("../../../features/help-centre/client-help-page"), "ClientHelpPage"),
});
