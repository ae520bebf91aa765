import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing_/settings")({
  head: titleHead("Billing settings"),
  component: lazyRouteComponent(() => import("../../features/billing/billing-settings-page"), "BillingSettingsPage"),
});
