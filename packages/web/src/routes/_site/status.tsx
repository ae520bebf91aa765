import { createFileRoute } from "@tanstack/react-router";
import { StatusPage } from "../../features/status/status-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/status")({
  head: seoHead("/status"),
  component: StatusPage,
});
