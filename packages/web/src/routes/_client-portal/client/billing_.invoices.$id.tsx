import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/billing_/invoices/$id")({
  head: titleHead("Invoice"),
  component: lazyRouteComponent(() => import("../../../features/billing/client-invoice-page"), "ClientInvoicePage"),
});
