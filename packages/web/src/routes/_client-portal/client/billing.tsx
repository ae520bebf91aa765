import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/billing")({
  head: titleHead("Billing"),
  component: lazyRouteComponent(() => import("../../../features/billing/client-billing-page"), "ClientBillingPage"),
});
