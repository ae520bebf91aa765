import { createFileRoute } from "@tanstack/react-router";
import { AppCloudPage } from "../../features/services/app-cloud-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/app-cloud")({
  head: titleHead("App & Cloud Setup"),
  component: AppCloudPage,
});
