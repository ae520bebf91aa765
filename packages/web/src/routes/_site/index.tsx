import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page";
import { seoHead } from "../../features/site/seo";

export const Route = createFileRoute("/_site/")({
  head: seoHead("/"),
  component: HomePage,
});
