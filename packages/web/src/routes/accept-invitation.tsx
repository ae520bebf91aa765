import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { portalFromSearch } from "../features/account/sign-in-paths";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/accept-invitation")({
  validateSearch: portalFromSearch,
  head: titleHead("Set Up Your Account"),
  component: lazyRouteComponent(() => import("../features/account/accept-invitation-page"), "AcceptInvitationPage"),
});
