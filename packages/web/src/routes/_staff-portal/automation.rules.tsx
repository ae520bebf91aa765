import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// ADMIN only (staff-screens.ts): rules act on every company's tickets. Reached from the account page.
export const Route = createFileRoute("/_staff-portal/automation/rules")({
  head: titleHead("Automation rules"),
  component: lazyRouteComponent(() => import("../../features/automation/automation-rules-page"), "AutomationRulesPage"),
});
