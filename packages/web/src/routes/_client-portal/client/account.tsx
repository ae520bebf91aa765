import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/account")({
  head: titleHead("My Account"),
  component: lazyRouteComponent(() => import("../../../features/account/client-account-page"), "ClientAccountPage"),
});
