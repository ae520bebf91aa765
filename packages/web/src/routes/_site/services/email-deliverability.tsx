import { createFileRoute } from "@tanstack/react-router";
import { EmailDeliverabilityPage } from "../../../features/services/email-deliverability-page";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_site/services/email-deliverability")({
  head: titleHead("Email Deliverability Optimization"),
  component: EmailDeliverabilityPage,
});
