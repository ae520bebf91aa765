import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../../features/services/security-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/security")({
  head: seoHead("/security"),
  component: SecurityPage,
});
