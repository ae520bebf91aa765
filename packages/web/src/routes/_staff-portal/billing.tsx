import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing")({
  head: titleHead("Billing"),
  component: lazyRouteComponent(() => import("../../features/billing/invoices-page"), "InvoicesPage"),
});
