import { createFileRoute } from "@tanstack/react-router";
import { CloudMigrationLitePage } from "../../../features/services/cloud-migration-lite-page";
import { seoHead } from "../../../lib/seo";

export const Route = createFileRoute("/_site/services/cloud-migration-lite")({
  head: seoHead("/services/cloud-migration-lite"),
  component: CloudMigrationLitePage,
});
