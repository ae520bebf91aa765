import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { portalFromSearch } from "../features/account/sign-in-paths";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/reset-password")({
  validateSearch: portalFromSearch,
  head: titleHead("Choose a New Password"),
  component: lazyRouteComponent(() => import("../features/account/reset-password-page"), "ResetPasswordPage"),
});
