import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_staff-portal/canned-replies")({
  head: titleHead("Canned Replies"),
  component: lazyRouteComponent(() => import("../../features/canned-replies/canned-replies-page"), "CannedRepliesPage"),
});
