import { createFileRoute } from "@tanstack/react-router";
import { EmailCollaborationPage } from "../../features/services/email-collaboration-page";
import { seoHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/email-collaboration")({
  head: seoHead("/email-collaboration"),
  component: EmailCollaborationPage,
});
