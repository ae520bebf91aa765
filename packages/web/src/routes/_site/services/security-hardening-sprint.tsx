import { createFileRoute } from "@tanstack/react-router";
import { SecurityHardeningSprintPage } from "../../../features/services/security-hardening-sprint-page";
import { seoHead } from "../../../lib/seo";

export const Route = createFileRoute("/_site/services/security-hardening-sprint")({
  head: seoHead("/services/security-hardening-sprint"),
  component: SecurityHardeningSprintPage,
});
