import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// An ADMIN's alone (staff-screens.ts): the thresholds that judge a check-in's facts.
export const Route = createFileRoute("/_staff-portal/settings/checkin")({
  head: titleHead("Check-in settings"),
  component: lazyRouteComponent(
    () => import("../../features/device-checkin/checkin-settings-page"),
    "CheckinSettingsPage",
  ),
});
