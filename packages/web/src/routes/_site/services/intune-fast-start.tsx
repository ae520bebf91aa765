import { createFileRoute } from "@tanstack/react-router";
import { IntuneFastStartPage } from "../../../features/services/intune-fast-start-page";
import { seoHead } from "../../../lib/seo";

export const Route = createFileRoute("/_site/services/intune-fast-start")({
  head: seoHead("/services/intune-fast-start"),
  component: IntuneFastStartPage,
});
