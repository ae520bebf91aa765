import { createFileRoute } from "@tanstack/react-router";
import { SecurityHardeningSprintPage } from "../../../features/services/security-hardening-sprint-page";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_site/services/security-hardening-sprint")({
  head: titleHead("Security Hardening Sprint"),
  component: SecurityHardeningSprintPage,
});
