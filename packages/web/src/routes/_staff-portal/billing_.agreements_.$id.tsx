import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing_/agreements_/$id")({
  head: titleHead("Agreement"),
  component: lazyRouteComponent(() => import("../../features/billing/agreement-page"), "AgreementPage"),
});
