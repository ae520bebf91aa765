import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { portalFromSearch } from "../features/account/sign-in-paths";
import { titleHead } from "../lib/page-title";

// Where single sign-on lands with the session in the fragment (docs/architecture.md §6a).
export const Route = createFileRoute("/sso-complete")({
  validateSearch: portalFromSearch,
  head: titleHead("Signing In"),
  component: lazyRouteComponent(() => import("../features/sso/sso-complete-page"), "SsoCompletePage"),
});
