import { createFileRoute } from "@tanstack/react-router";
import { EmailCollaborationPage } from "../../features/services/email-collaboration-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/email-collaboration")({
  head: titleHead("Email & Collaboration"),
  component: EmailCollaborationPage,
});
