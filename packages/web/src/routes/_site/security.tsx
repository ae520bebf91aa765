import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../../features/services/security-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/security")({
  head: titleHead("Security"),
  component: SecurityPage,
});
