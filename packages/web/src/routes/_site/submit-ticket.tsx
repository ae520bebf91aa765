import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { seoHead } from "../../features/site/seo";

// Lazy like /contact: the form and its schemas are not part of the other marketing pages' bundle.
export const Route = createFileRoute("/_site/submit-ticket")({
  head: seoHead("/submit-ticket"),
  component: lazyRouteComponent(() => import("../../features/public-ticket/submit-ticket-page"), "SubmitTicketPage"),
});
