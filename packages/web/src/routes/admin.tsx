import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../lib/page-title";

// Lazy like the portal itself: the sign-in form and its schema are not part of the marketing pages' code.
export const Route = createFileRoute("/admin")({
  head: titleHead("Admin Portal"),
  component: lazyRouteComponent(() => import("../features/staff-auth/staff-login-page"), "StaffLoginPage"),
});
