import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing_/invoices/$id")({
  head: titleHead("Invoice"),
  component: lazyRouteComponent(() => import("../../features/billing/invoice-page"), "InvoicePage"),
});
