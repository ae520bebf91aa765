import { ticketReference } from "@repo/validators/labels";
import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";
import { isNewTicketId } from "../../features/staff-portal/new-ticket-id";
import { pageTitle, providerName } from "../../lib/page-title";

// One route for both screens: the id "new" means create (docs/product-spec.md §2).
export const Route = createFileRoute("/_staff-portal/tickets/$id")({
  head: (args) => ({
    meta: [
      {
        title: pageTitle(
          isNewTicketId(args.params.id) ? "New Ticket" : `Ticket #${ticketReference(args.params.id)}`,
          providerName(args),
        ),
      },
    ],
  }),
  component: lazyRouteComponent(() => import("../../features/staff-portal/staff-ticket-page"), "StaffTicketPage"),
});
