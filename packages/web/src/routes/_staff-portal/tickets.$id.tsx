import { ticketReference } from "@repo/validators/labels";
import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { isNewTicketId } from "../../features/staff-portal/new-ticket-id";
import { pageTitle } from "../../lib/page-title";

// One route for both screens: the id "new" means create (docs/product-spec.md §2).
export const Route = createFileRoute("/_staff-portal/tickets/$id")({
  head: ({ params }) => ({
    meta: [{ title: pageTitle(isNewTicketId(params.id) ? "New Ticket" : `Ticket #${ticketReference(params.id)}`) }],
  }),
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-ticket-page"), "StaffTicketPage"),
});
