import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/")({
  head: seoHead("/"),
  component: HomePage,
});
