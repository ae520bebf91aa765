import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { parseContactSearch } from "../../features/contact/contact-search";
import { seoHead } from "../../features/site/seo";

// The form (and the schema library behind its rules) loads only on this page; the prerender and the
// hydration both wait for it, so the HTML already contains the form.
export const Route = createFileRoute("/_site/contact")({
  validateSearch: parseContactSearch,
  head: seoHead("/contact"),
  component: lazyRouteComponent(() => import("../../features/contact/contact-page"), "ContactPage"),
});
