import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/rate")({
  head: titleHead("Rate Our Support"),
  component: lazyRouteComponent(() => import("../features/satisfaction/rate-page"), "RatePage"),
});
