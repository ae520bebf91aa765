import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/setup")({
  head: titleHead("Set up"),
  component: lazyRouteComponent(() => import("../features/setup/setup-page"), "SetupPage"),
});
