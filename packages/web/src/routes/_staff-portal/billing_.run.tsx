import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing_/run")({
  head: titleHead("Billing run"),
  component: lazyRouteComponent(() => import("../../features/billing/billing-run-page"), "BillingRunPage"),
});
