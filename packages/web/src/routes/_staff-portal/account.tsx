import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/account")({
  head: titleHead("My Account"),
  component: lazyRouteComponent(() => import("../../features/account/staff-account-page"), "StaffAccountPage"),
});
