import { createFileRoute } from "@tanstack/react-router";
import { PricingPage } from "../../features/pricing/pricing-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/pricing")({
  head: titleHead("Pricing"),
  component: PricingPage,
});
