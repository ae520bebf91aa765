import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../../features/about/about-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/about")({
  head: titleHead("About"),
  component: AboutPage,
});
