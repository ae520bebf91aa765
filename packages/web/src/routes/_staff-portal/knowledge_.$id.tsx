import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { titleHead } from "../../lib/page-title";

// One article in the editor (staff-screens.ts), or a new one at /knowledge/new; reached from /knowledge,
// the ticket page's "Draft article" and the review reminder mail.
export const Route = createFileRoute("/_staff-portal/knowledge_/$id")({
  head: titleHead("Article"),
  component: lazyRouteComponent(() => import("../../features/knowledge/article-editor-page"), "ArticleEditorRoute"),
});
