import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/billing_/agreements")({
  head: titleHead("Agreements"),
  component: lazyRouteComponent(() => import("../../features/billing/agreements-page"), "AgreementsPage"),
});
