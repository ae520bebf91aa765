import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseContactSearch } from "../../features/contact/contact-search";
import { seoHead } from "../../lib/seo";

// Lazy in the SPA, so the form is not part of the other routes' bundle. (The prerendered page waits for it
// at build time and hydrates only its islands in the browser.)
export const Route = createFileRoute("/_site/contact")({
  validateSearch: parseContactSearch,
  head: seoHead("/contact"),
  component: lazyRouteComponent(() => import("../../features/contact/contact-page"), "ContactPage"),
});
