import { createFileRoute } from "@tanstack/react-router";
import { CloudMigrationLitePage } from "../../../features/services/cloud-migration-lite-page";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_site/services/cloud-migration-lite")({
  head: titleHead("Cloud Migration Lite"),
  component: CloudMigrationLitePage,
});
