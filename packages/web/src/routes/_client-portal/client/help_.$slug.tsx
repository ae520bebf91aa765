import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/help_/$slug")({
  head: titleHead("Help article"),
  component: lazyRouteComponent(
    () => import("../../../features/help-centre/client-article-page"),
    "ClientArticleRoute",
  ),
});
