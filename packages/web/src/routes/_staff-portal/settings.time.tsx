import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// An ADMIN's alone (staff-screens.ts): the rounding, who sees rates, the expected day, and the work types.
export const Route = createFileRoute("/_staff-portal/settings/time")({
  head: titleHead("Time settings"),
  component: lazyRouteComponent(() => import("../../features/time/time-settings-page"), "TimeSettingsPage"),
});
