import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireStaffSession } from "../lib/route-guards";

// Pathless layout guarding every staff-only route (docs/product-spec.md §6), each for the roles that the
// staff-screen table of @repo/validators lists. The layout and its children load lazily, so marketing
// visitors never download portal code.
export const Route = createFileRoute("/_staff-portal")({
  beforeLoad: requireStaffSession,
  component: lazyRouteComponent(() => import("../features/staff-portal/staff-layout"), "StaffLayout"),
});
