import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// An ADMIN's alone (staff-screens.ts): API keys and the alert intake's settings.
export const Route = createFileRoute("/_staff-portal/settings/api-keys")({
  head: titleHead("API keys"),
  component: lazyRouteComponent(() => import("../../features/api-keys/api-keys-page"), "ApiKeysPage"),
});
