import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireAdminSession } from "../../features/staff-portal/require-admin";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/clients")({
  head: titleHead("Clients"),
  beforeLoad: requireAdminSession,
  component: lazyRouteComponent(() => import("../../features/clients-admin/clients-page"), "ClientsPage"),
});
