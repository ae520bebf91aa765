import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// The knowledge base (staff-screens.ts): every staff role reads, ADMIN and AGENT write.
export const Route = createFileRoute("/_staff-portal/knowledge")({
  head: titleHead("Knowledge base"),
  component: lazyRouteComponent(() => import("../../features/knowledge/knowledge-list-page"), "KnowledgeListPage"),
});
