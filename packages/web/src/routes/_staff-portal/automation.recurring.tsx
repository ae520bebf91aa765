import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// An ADMIN's alone (staff-screens.ts), reached from the account page's "Integrations and automation" links.
export const Route = createFileRoute("/_staff-portal/automation/recurring")({
  head: titleHead("Recurring tickets"),
  component: lazyRouteComponent(() => import("../../features/recurring/recurring-page"), "RecurringPage"),
});
