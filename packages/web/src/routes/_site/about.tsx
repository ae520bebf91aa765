import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../../features/about/about-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/about")({
  head: seoHead("/about"),
  component: AboutPage,
});
