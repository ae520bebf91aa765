import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { portalFromSearch } from "../features/account/sign-in-paths";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/forgot-password")({
  validateSearch: portalFromSearch,
  head: titleHead("Forgot Password"),
  component: lazyRouteComponent(() => import("../features/account/forgot-password-page"), "ForgotPasswordPage"),
});
