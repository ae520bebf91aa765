import { createFileRoute } from "@tanstack/react-router";
import { PricingPage } from "../../features/pricing/pricing-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/pricing")({
  head: seoHead("/pricing"),
  component: PricingPage,
});
