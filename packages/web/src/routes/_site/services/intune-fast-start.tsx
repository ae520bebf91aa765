import { createFileRoute } from "@tanstack/react-router";
import { IntuneFastStartPage } from "../../../features/services/intune-fast-start-page";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_site/services/intune-fast-start")({
  head: titleHead("Identity & Device Fast Start"),
  component: IntuneFastStartPage,
});
