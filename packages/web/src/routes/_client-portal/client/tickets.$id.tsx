import { ticketReference } from "@repo/validators";
import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageTitle } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/tickets/$id")({
  head: ({ params }) => ({ meta: [{ title: pageTitle(`Ticket #${ticketReference(params.id)}`) }] }),
  component: lazyRouteComponent(() => import("../../../features/client-portal/client-ticket-page"), "ClientTicketPage"),
});
