import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireAdminSession } from "../../features/staff-portal/require-admin";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/users")({
  head: titleHead("Users"),
  beforeLoad: requireAdminSession,
  component: lazyRouteComponent(() => import("../../features/users/users-page"), "UsersPage"),
});
