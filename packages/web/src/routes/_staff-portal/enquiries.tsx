import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/enquiries")({
  head: titleHead("Enquiries"),
  component: lazyRouteComponent(() => import("../../features/enquiries/enquiries-page"), "EnquiriesPage"),
});
