import { createFileRoute } from "@tanstack/react-router";
import { SubmitTicketPage } from "../../features/public-ticket/submit-ticket-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/submit-ticket")({
  head: titleHead("Submit a Support Ticket"),
  component: SubmitTicketPage,
});
