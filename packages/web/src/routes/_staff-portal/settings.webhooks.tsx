import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// An ADMIN's alone (staff-screens.ts): outbound webhooks, reached from the account page.
export const Route = createFileRoute("/_staff-portal/settings/webhooks")({
  head: titleHead("Webhooks"),
  component: lazyRouteComponent(() => import("../../features/webhooks/webhooks-page"), "WebhooksPage"),
});
