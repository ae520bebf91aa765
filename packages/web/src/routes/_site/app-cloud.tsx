import { createFileRoute } from "@tanstack/react-router";
import { AppCloudPage } from "../../features/services/app-cloud-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/app-cloud")({
  head: seoHead("/app-cloud"),
  component: AppCloudPage,
});
