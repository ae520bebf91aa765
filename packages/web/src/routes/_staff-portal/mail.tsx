import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/mail")({
  head: titleHead("Outbox"),
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-mail-page"), "StaffMailPage"),
});
