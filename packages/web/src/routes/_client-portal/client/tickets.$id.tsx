import { ticketReference } from "@repo/validators";
import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageTitle, providerName } from "../../../lib/page-title";

export const Route = createFileRoute("/_client-portal/client/tickets/$id")({
  head: (args) => ({ meta: [{ title: pageTitle(`Ticket #${ticketReference(args.params.id)}`, providerName(args)) }] }),
  component: lazyRouteComponent(() => import("../../../features/client-portal/client-ticket-page"), "ClientTicketPage"),
});
