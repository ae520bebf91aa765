import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// Every staff role reads the website's content; ADMIN and AGENT edit the draft, an ADMIN publishes (the
// server enforces it).
export const Route = createFileRoute("/_staff-portal/settings/website")({
  head: titleHead("Website"),
  component: lazyRouteComponent(() => import("../../features/site-content/website-page"), "WebsitePage"),
});
