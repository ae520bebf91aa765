import { createFileRoute } from "@tanstack/react-router";
import { EmailDeliverabilityPage } from "../../../features/services/email-deliverability-page";
import { seoHead } from "../../../lib/seo";

export const Route = createFileRoute("/_site/services/email-deliverability")({
  head: seoHead("/services/email-deliverability"),
  component: EmailDeliverabilityPage,
});
