import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { seoHead } from "../../lib/seo";

// Lazy like /contact: in the SPA, the form is not part of the other routes' bundle.
export const Route = createFileRoute("/_site/submit-ticket")({
  head: seoHead("/submit-ticket"),
  component: lazyRouteComponent(() => import("../../features/public-ticket/submit-ticket-page"), "SubmitTicketPage"),
});
